// ExRated's service worker: keeps the app shell (index.html and the scripts and styles it loads) so repeat
// visits start from the cache, and answers a page request with the offline page when the network is gone.
// API calls (/trpc) and everything else go straight to the network: ratings and codes are never cached.
const CACHE = 'exrated-shell-v2';
const OFFLINE_PAGE = '/offline.html';
const PRECACHE = ['/', OFFLINE_PAGE, '/favicon.svg', '/icons/icon-192.png', '/manifest.webmanifest'];

// The shell's hashed files, read from the page itself: sw.js stays one static file for every build.
async function shellAssets() {
  const html = await (await fetch('/', { cache: 'no-cache' })).text();
  return [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1]);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.addAll([...PRECACHE, ...(await shellAssets())]);
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== CACHE) await caches.delete(name);
    })(),
  );
});

async function pageRequest(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_PAGE)) ?? Response.error();
  }
}

// The offline page's own files (its logo, the icon): from the network when it answers, else the precached
// copy, so the offline page shows its logo with no network at all.
async function precachedRequest(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(request)) ?? Response.error();
  }
}

// Hashed names never change content: the cached copy is the file; new ones are added as they are fetched.
async function assetRequest(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    caches.open(CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') event.respondWith(pageRequest(request));
  else if (url.pathname.startsWith('/assets/')) event.respondWith(assetRequest(request));
  else if (PRECACHE.includes(url.pathname)) event.respondWith(precachedRequest(request));
});
