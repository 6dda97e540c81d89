/** A tiny cookie jar for one simulated browser, calling the tRPC API over HTTP; any non-2xx answer throws. */
export function browser(base) {
  const jar = new Map();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  async function call(kind, procedure, input) {
    const payload = JSON.stringify({ json: input });
    const res =
      kind === 'query'
        ? await fetch(queryUrl(base, procedure, input), { headers: { cookie: cookie() } })
        : await fetch(`${base}/trpc/${procedure}`, {
            method: 'POST',
            headers: { cookie: cookie(), 'content-type': 'application/json' },
            body: payload,
          });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    const body = await res.json();
    if (!res.ok)
      throw new Error(`${procedure} answered ${res.status}: ${JSON.stringify(body).slice(0, 300)}`);
    return body.result.data.json;
  }
  return { call, cookie };
}

export const queryUrl = (base, procedure, input) =>
  `${base}/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify({ json: input }))}`;

let phoneCounter = Math.floor(Math.random() * 1_000_000);
/** A fresh valid US number per call, outside the seeded range, so no same-phone rule interferes. */
export const freshPhone = () => `+1312${String(2_000_000 + (phoneCounter++ % 7_000_000)).padStart(7, '0')}`;

export const ratingInput = () => ({
  name: 'Alex',
  relationshipType: 'casual',
  phoneNumber: freshPhone(),
  testimonial: 'Kind, funny and always late',
  scores: [1, 2, 3, 4, 5].map((questionId) => ({ questionId, score: 1 + ((questionId * 3) % 10) })),
});
