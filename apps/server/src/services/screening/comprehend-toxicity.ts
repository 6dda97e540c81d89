import { ComprehendClient, DetectToxicContentCommand } from '@aws-sdk/client-comprehend';
import { AWS_CLIENT_DEFAULTS } from '../sms/aws-failure';
import type { ClassifierVerdict, ScreeningClassifier } from './screening-classifier';

// What holds a rating: profanity and insults alone do not, since an honest review of an ex may swear.
const HOLDING_LABELS = new Set([
  'GRAPHIC',
  'HARASSMENT_OR_ABUSE',
  'HATE_SPEECH',
  'SEXUAL',
  'VIOLENCE_OR_THREAT',
]);
// DetectToxicContent reads at most 10 segments of at most 1 KB each.
const SEGMENT_BYTES = 1000;
const MAX_SEGMENTS = 10;

/** A text cut into pieces of at most SEGMENT_BYTES in UTF-8, at a space where there is one. */
export function comprehendSegments(text: string): string[] {
  const pieces: string[] = [];
  let rest = text;
  while (Buffer.byteLength(rest) > SEGMENT_BYTES) {
    let end = rest.length;
    while (Buffer.byteLength(rest.slice(0, end)) > SEGMENT_BYTES) end = Math.floor(end * 0.9);
    const space = rest.lastIndexOf(' ', end);
    const cut = space > end / 2 ? space : end;
    pieces.push(rest.slice(0, cut));
    rest = rest.slice(cut).trimStart();
  }
  return rest === '' ? pieces : [...pieces, rest];
}

/**
 * AWS Comprehend's DetectToxicContent through the AWS SDK (the standard AWS environment gives the region,
 * credentials and endpoint, as for the texts): one call per rating, each text one segment or more. A label
 * that holds at `threshold` or above flags the rating.
 */
export class ComprehendToxicityClassifier implements ScreeningClassifier {
  readonly provider = 'comprehend';
  private readonly client: ComprehendClient;

  constructor(
    private readonly threshold: number,
    client?: ComprehendClient,
  ) {
    this.client = client ?? new ComprehendClient({ ...AWS_CLIENT_DEFAULTS });
  }

  async classify(texts: readonly string[], signal: AbortSignal): Promise<ClassifierVerdict> {
    const TextSegments = texts
      .flatMap(comprehendSegments)
      .slice(0, MAX_SEGMENTS)
      .map((Text) => ({ Text }));
    const { ResultList = [] } = await this.client.send(
      new DetectToxicContentCommand({ LanguageCode: 'en', TextSegments }),
      { abortSignal: signal },
    );
    const categories = new Set<string>();
    for (const result of ResultList) {
      for (const label of result.Labels ?? []) {
        if (label.Name && HOLDING_LABELS.has(label.Name) && (label.Score ?? 0) >= this.threshold) {
          categories.add(label.Name.toLowerCase());
        }
      }
    }
    return { flagged: categories.size > 0, categories: [...categories].sort() };
  }

  close() {
    this.client.destroy();
  }
}
