import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

/**
 * The objects `kubectl apply -k` would send for the folder, built offline: the resources, the generated
 * ConfigMaps (without the content hash kustomize appends to their names and to the references to them), the
 * namespace and the image names. A kustomization using any other feature is refused, so what the tests see
 * is what the cluster gets.
 */
export interface RenderedKustomization {
  namespace: string;
  /** The resource files, as the kustomization lists them. */
  files: string[];
  objects: Record<string, unknown>[];
}

const UNDERSTOOD_FIELDS = new Set([
  'apiVersion',
  'kind',
  'namespace',
  'resources',
  'configMapGenerator',
  'images',
]);

interface ImageRule {
  name: string;
  newName?: string;
  newTag?: string;
}

interface ConfigMapRule {
  name: string;
  envs: string[];
}

export function renderKustomization(folder: string): RenderedKustomization {
  const kustomization = parse(readFileSync(path.join(folder, 'kustomization.yaml'), 'utf8'));
  const unknown = Object.keys(kustomization).filter((field) => !UNDERSTOOD_FIELDS.has(field));
  if (unknown.length > 0)
    throw new Error(`kustomization fields the offline render does not apply: ${unknown}`);
  const namespace = String(kustomization.namespace);
  const files: string[] = kustomization.resources ?? [];
  const images: ImageRule[] = kustomization.images ?? [];
  const generators: ConfigMapRule[] = kustomization.configMapGenerator ?? [];

  const resources = files.flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(folder, file), 'utf8')).map((document) => {
      if (document.errors.length > 0) throw new Error(`${file}: ${document.errors[0]?.message}`);
      return document.toJS();
    }),
  );
  const configMaps = generators.map((generator) => ({
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: generator.name },
    data: Object.assign({}, ...generator.envs.map((file) => readEnvFile(path.join(folder, file)))),
  }));
  const objects = [...resources, ...configMaps].map((object) => {
    object.metadata = { ...object.metadata, namespace };
    for (const container of podContainers(object)) container.image = renamedImage(container.image, images);
    return object;
  });
  return { namespace, files, objects };
}

/** kustomize's env file: KEY=VALUE lines, `#` comments and blank lines; the value is taken as written. */
function readEnvFile(file: string): Record<string, string> {
  const data: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match?.[1] || match[2] === undefined) throw new Error(`${file}: not a KEY=VALUE line: ${line}`);
    if (match[1] in data) throw new Error(`${file}: ${match[1]} set twice`);
    data[match[1]] = match[2];
  }
  return data;
}

function podContainers(object: { spec?: { template?: { spec?: { containers?: { image: string }[] } } } }) {
  return object.spec?.template?.spec?.containers ?? [];
}

function renamedImage(image: string, rules: ImageRule[]): string {
  const rule = rules.find((candidate) => candidate.name === image);
  if (!rule) throw new Error(`image ${image} has no entry in the kustomization's images`);
  return `${rule.newName ?? rule.name}:${rule.newTag ?? 'latest'}`;
}
