import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '@exrated/server/app';
import { ENVIRONMENT_VARIABLES, loadConfig, loadMigrationConfig } from '@exrated/server/config';
import { SHUTDOWN_DRAIN_MS } from '@exrated/server/shutdown';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import {
  ConfigMap,
  type IContainer,
  type IEnvVar,
  Secret,
  Service,
  ServiceAccount,
} from 'kubernetes-models/v1';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { renderKustomization } from './kustomization';

const deployFolder = fileURLToPath(new URL('..', import.meta.url));
const repositoryRoot = path.resolve(deployFolder, '..');
const readRepositoryFile = (file: string) => readFileSync(path.join(repositoryRoot, file), 'utf8');

/**
 * The kinds the folder may hold, each with the API schemas of its version (kubernetes-models, generated from
 * Kubernetes' OpenAPI definitions): `validate()` throws naming the field that does not fit.
 */
const MODELS = [
  Deployment,
  Job,
  HorizontalPodAutoscaler,
  PodDisruptionBudget,
  Service,
  ServiceAccount,
  ConfigMap,
  Secret,
];

/** Read by the AWS SDK itself (the standard AWS environment), not by apps/server/src/config/. */
const AWS_SDK_VARIABLES = new Set(['AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY']);

/** What the migrations entry reads (loadMigrationConfig). */
const MIGRATION_VARIABLES = new Set(['NODE_ENV', 'DATABASE_URL', 'DATA_DIR']);

/** Values of the right shape for the Secret's keys: what a real Secret would hold, for loadConfig to judge. */
const SECRET_TEST_VALUES: Record<string, string> = {
  SESSION_SECRET: 'a'.repeat(48),
  ADMIN_PASSWORD: 'a long staff password',
  DATABASE_URL: 'postgres://exrated:password@postgres.internal:5432/exrated',
  REDIS_URL: 'rediss://:password@redis.internal:6379',
};

const rendered = renderKustomization(deployFolder);
const secretExample = parse(readFileSync(path.join(deployFolder, 'secret.example.yaml'), 'utf8'));

function one<T>(guard: (value: unknown) => value is T, kind: string): T {
  const found: T[] = [];
  for (const object of rendered.objects) if (guard(object)) found.push(object);
  if (found.length !== 1) throw new Error(`expected one ${kind} in the kustomization, found ${found.length}`);
  const [object] = found;
  if (object === undefined) throw new Error(`no ${kind}`);
  return object;
}

const deployment = one(Deployment.is, 'Deployment');
const job = one(Job.is, 'Job');
const service = one(Service.is, 'Service');
const hpa = one(HorizontalPodAutoscaler.is, 'HorizontalPodAutoscaler');
const pdb = one(PodDisruptionBudget.is, 'PodDisruptionBudget');
const configMap = one(ConfigMap.is, 'ConfigMap');

function onlyContainer(containers: IContainer[] | undefined, owner: string): IContainer {
  if (containers?.length !== 1 || containers[0] === undefined)
    throw new Error(`${owner}: expected one container`);
  return containers[0];
}

const server = onlyContainer(deployment.spec?.template.spec?.containers, 'Deployment');
const migrate = onlyContainer(job.spec?.template.spec?.containers, 'Job');
const configData = configMap.data ?? {};

function secretKeys(env: IEnvVar[] | undefined, optional: boolean): string[] {
  return (env ?? []).flatMap((entry) => {
    const ref = entry.valueFrom?.secretKeyRef;
    return ref && (ref.optional ?? false) === optional ? [ref.key] : [];
  });
}

/** The server's environment as the pods get it: the ConfigMap, and the Secret's required keys. */
function productionEnvironment(): Record<string, string> {
  const env: Record<string, string> = { ...configData };
  for (const key of secretKeys(server.env, false)) {
    const value = SECRET_TEST_VALUES[key];
    if (value === undefined) throw new Error(`no test value for the Secret key ${key}`);
    env[key] = value;
  }
  return env;
}

describe('the Kubernetes manifests', () => {
  it('are valid objects of their kinds against the Kubernetes API schemas', () => {
    const kinds = rendered.objects.map((object) => {
      const model = MODELS.find((candidate) => candidate.is(object));
      if (!model) throw new Error(`no schema for ${JSON.stringify(object).slice(0, 80)}`);
      expect(() => new model(object).validate(), model.kind).not.toThrow();
      return model.kind;
    });
    expect(kinds.sort()).toEqual(
      [
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Job',
        'PodDisruptionBudget',
        'Service',
        'ServiceAccount',
      ].sort(),
    );
    expect(Secret.is(secretExample)).toBe(true);
    expect(() => new Secret(secretExample).validate()).not.toThrow();
    // A schema mistake is caught: the validator is not a formality.
    const broken: Record<string, unknown> = { ...deployment, spec: { ...deployment.spec, replicas: 'two' } };
    expect(() => new Deployment(broken).validate()).toThrow(/replicas/);
    // Every YAML file of the folder is either in the kustomization or the Secret's example.
    const yamlFiles = readdirSync(deployFolder).filter((file) => file.endsWith('.yaml'));
    expect(yamlFiles.sort()).toEqual([...rendered.files, 'kustomization.yaml', 'secret.example.yaml'].sort());
  });

  it('probe the paths the server serves, on the port it listens on', async () => {
    expect(server.startupProbe?.httpGet?.path).toBe('/healthz');
    expect(server.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(server.readinessProbe?.httpGet?.path).toBe('/readyz');
    for (const probe of [server.startupProbe, server.livenessProbe, server.readinessProbe]) {
      expect(probe?.httpGet?.port).toBe('http');
    }
    const port = server.ports?.find((candidate) => candidate.name === 'http');
    expect(port?.containerPort).toBe(loadConfig(productionEnvironment()).port);
    expect(service.spec?.ports?.[0]?.targetPort).toBe('http');

    // The real app, on its embedded defaults, answers the probes' paths.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'exrated-deploy-'));
    // Without the client build: its fallback answers every other path with index.html.
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, CLIENT_DIST_DIR: '/nonexistent' }),
      {
        logger: false,
      },
    );
    try {
      for (const probe of [server.startupProbe, server.livenessProbe, server.readinessProbe]) {
        const reply = await app.inject({ method: 'GET', url: String(probe?.httpGet?.path) });
        expect(reply.statusCode, String(probe?.httpGet?.path)).toBe(200);
      }
      expect((await app.inject({ method: 'GET', url: '/health' })).statusCode).not.toBe(200);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('set only variables the server reads, and production starts on them', () => {
    const fromEnv = (server.env ?? []).map((entry) => entry.name);
    const known = new Set([...ENVIRONMENT_VARIABLES, ...AWS_SDK_VARIABLES]);
    expect([...Object.keys(configData), ...fromEnv].filter((name) => !known.has(name))).toEqual([]);
    // Secrets come from the Secret, never as literal values; the ConfigMap holds none of them.
    expect(server.env?.every((entry) => entry.valueFrom?.secretKeyRef?.name === 'exrated-secrets')).toBe(
      true,
    );
    expect(Object.keys(configData).filter((name) => fromEnv.includes(name))).toEqual([]);
    expect(server.envFrom?.map((source) => source.configMapRef?.name)).toEqual([configMap.metadata?.name]);

    // loadConfig refuses a production environment that lacks a required variable, naming it.
    const config = loadConfig(productionEnvironment());
    expect(config.env).toBe('production');
    expect(config.smsProvider).not.toBe('console');
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.publicUrl.length).toBeLessThanOrEqual(30);
    // More than one replica needs Redis: a pod without REDIS_URL does not start.
    expect(config.redisUrl).toBeDefined();
    expect(secretKeys(server.env, false)).toContain('REDIS_URL');
    expect(() => loadConfig(configData)).toThrow(/SESSION_SECRET: required in production/);
  });

  it('list every key of the Secret in its example, with placeholders only', () => {
    const keys = new Set([
      ...secretKeys(server.env, false),
      ...secretKeys(server.env, true),
      ...secretKeys(migrate.env, false),
    ]);
    expect(Secret.is(secretExample)).toBe(true);
    const example: Record<string, string> = Secret.is(secretExample) ? (secretExample.stringData ?? {}) : {};
    expect(Object.keys(example).sort()).toEqual([...keys].sort());
    for (const [key, value] of Object.entries(example)) expect(value, key).toMatch(/^<[^<>]+>$/);
    expect(secretExample.metadata.name).toBe('exrated-secrets');
    expect(secretExample.metadata.namespace).toBe(rendered.namespace);
  });

  it('run the migrations with the image entry, before the rollout, on the database alone', () => {
    // The server package's migrate script, run from the image's working directory (docker/Dockerfile).
    const dockerfile = readRepositoryFile('docker/Dockerfile');
    const workdir = [...dockerfile.matchAll(/^WORKDIR (\S+)$/gm)].at(-1)?.[1];
    expect(workdir).toBe('/app');
    expect(dockerfile).toMatch(/^COPY --from=build \S+ \/src\/apps\/server\/dist apps\/server\/dist$/m);
    const { scripts } = JSON.parse(readRepositoryFile('apps/server/package.json'));
    const [runtime, script] = String(scripts.migrate).split(' ');
    expect(migrate.command?.[0]).toBe(runtime);
    expect(migrate.command?.at(-1)).toBe(path.posix.join('apps/server', String(script)));
    expect(migrate.workingDir).toBeUndefined();
    expect(migrate.image).toBe(server.image);
    const compose = parse(readRepositoryFile('docker/compose.yaml'));
    expect(migrate.command).toEqual(compose.services.migrate.command);

    const jobEnv = Object.fromEntries(
      (migrate.env ?? []).map((entry) => [entry.name, entry.value ?? SECRET_TEST_VALUES[entry.name] ?? '']),
    );
    expect(Object.keys(jobEnv).filter((name) => !MIGRATION_VARIABLES.has(name))).toEqual([]);
    expect(loadMigrationConfig(jobEnv).databaseUrl).toBe(SECRET_TEST_VALUES.DATABASE_URL);
    expect(() => loadMigrationConfig({ ...jobEnv, DATABASE_URL: '' })).toThrow(/DATABASE_URL/);

    expect(job.metadata?.annotations?.['argocd.argoproj.io/hook']).toBe('PreSync');
    expect(job.spec?.template.spec?.restartPolicy).toBe('Never');
    // The Job's pod is no server: the Service, the budget and the Deployment never count it.
    const jobLabels = job.spec?.template.metadata?.labels ?? {};
    const selects = (selector: Record<string, string> | undefined) =>
      Object.entries(selector ?? {}).every(([key, value]) => jobLabels[key] === value);
    expect(selects(service.spec?.selector)).toBe(false);
    expect(selects(pdb.spec?.selector?.matchLabels)).toBe(false);
    expect(selects(deployment.spec?.selector.matchLabels)).toBe(false);
  });

  it('drain on SIGTERM within the grace period, after the endpoints are gone', () => {
    expect(server.lifecycle?.preStop?.exec?.command).toEqual(['sleep', '5']);
    const preStopSeconds = Number(server.lifecycle?.preStop?.exec?.command?.[1]);
    const grace = deployment.spec?.template.spec?.terminationGracePeriodSeconds ?? 30;
    expect(grace).toBeGreaterThan(preStopSeconds + SHUTDOWN_DRAIN_MS / 1000);
    // The image's CMD runs the server, so its heap ceiling and drain are what the pod runs.
    expect(server.command).toBeUndefined();
    expect(server.args).toBeUndefined();
  });

  it('keep memory above the heap ceiling, and scale and disrupt the same pods', () => {
    const cmd = readRepositoryFile('docker/Dockerfile').match(/^CMD (\[.*\])$/m)?.[1];
    const heapMb = Number(/--max-old-space-size=(\d+)/.exec(cmd ?? '')?.[1]);
    expect(heapMb).toBeGreaterThan(0);
    const mebibytes = (quantity: string | number | undefined) => {
      const match = /^(\d+)Mi$/.exec(String(quantity));
      if (!match) throw new Error(`memory in Mi expected, got ${String(quantity)}`);
      return Number(match[1]);
    };
    const { requests, limits } = server.resources ?? {};
    // Under load RSS stays under 200 MB (docs/performance.md); the limit leaves room above the heap ceiling.
    expect(mebibytes(requests?.memory)).toBeGreaterThanOrEqual(200);
    expect(mebibytes(limits?.memory)).toBeGreaterThan(mebibytes(requests?.memory));
    expect(mebibytes(limits?.memory)).toBeGreaterThan(heapMb + 128);
    expect(requests?.cpu).toBeDefined();

    const podLabels = deployment.spec?.template.metadata?.labels;
    expect(deployment.spec?.selector.matchLabels).toEqual(podLabels);
    expect(service.spec?.selector).toEqual(podLabels);
    expect(pdb.spec?.selector?.matchLabels).toEqual(podLabels);
    expect(hpa.spec?.scaleTargetRef).toEqual({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata?.name,
    });
    // The HPA owns the count: a replicas field would be reset by every apply.
    expect(deployment.spec?.replicas).toBeUndefined();
    const minReplicas = hpa.spec?.minReplicas ?? 1;
    expect(minReplicas).toBeGreaterThanOrEqual(2);
    expect(pdb.spec?.maxUnavailable).toBe(1);
    expect(deployment.spec?.strategy?.rollingUpdate?.maxUnavailable).toBe(0);
  });
});
