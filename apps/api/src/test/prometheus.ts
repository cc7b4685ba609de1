/**
 * A strict reader of the Prometheus text format (version 0.0.4) for tests: every line must be a
 * HELP or TYPE comment, a blank line, or a sample `name{label="value",...} number`; anything
 * else throws, so a scrape the format does not allow fails the test that reads it.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };
export type Scrape = {
  /** Family name to its TYPE (counter, gauge, histogram, summary, untyped). */
  types: Map<string, string>;
  samples: Sample[];
  /** The value of the one sample with this name whose labels include `labels`; undefined if none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** Every sample of the name whose labels include `labels`. */
  all(name: string, labels?: Record<string, string>): Sample[];
};

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{((?:${LABEL})(?:,${LABEL})*,?)?\\})? (\\S+)$`);
/** A value as Prometheus reads it (Go's ParseFloat): NaN and Inf in any case. */
const VALUE = /^[-+]?(?:[0-9]*\.?[0-9]+(?:[eE][-+]?[0-9]+)?|nan|inf|infinity)$/i;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function labelsOf(text: string | undefined): Record<string, string> {
  const labels: Record<string, string> = {};
  if (!text) return labels;
  for (const match of text.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"/g)) {
    const [, key, raw] = match;
    if (key === undefined || raw === undefined) continue;
    if (key in labels) throw new Error(`label ${key} twice in {${text}}`);
    labels[key] = raw.replace(/\\(.)/g, (_all, escaped: string) =>
      escaped === 'n' ? '\n' : escaped,
    );
  }
  return labels;
}

function matches(sample: Sample, name: string, labels: Record<string, string>): boolean {
  return (
    sample.name === name &&
    Object.entries(labels).every(([key, value]) => sample.labels[key] === value)
  );
}

export function parsePrometheusText(text: string): Scrape {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  text.split('\n').forEach((line, index) => {
    if (line === '') return;
    const fail = (why: string) => new Error(`line ${index + 1} ${why}: ${line}`);
    if (line.startsWith('# HELP ')) {
      if (!new RegExp(`^# HELP ${NAME} `).test(line)) throw fail('is a bad HELP');
      return;
    }
    if (line.startsWith('# TYPE ')) {
      const [, , name, type, extra] = line.split(' ');
      if (!name || !new RegExp(`^${NAME}$`).test(name) || !type || !TYPES.has(type) || extra) {
        throw fail('is a bad TYPE');
      }
      if (types.has(name)) throw fail('repeats a TYPE');
      types.set(name, type);
      return;
    }
    if (line.startsWith('#')) return;
    const match = SAMPLE.exec(line);
    if (!match?.[1] || match[3] === undefined) throw fail('is not a sample');
    const raw = match[3];
    if (!VALUE.test(raw)) throw fail('has a bad value');
    const word = raw.replace(/^[-+]/, '').toLowerCase();
    const value =
      word === 'nan'
        ? NaN
        : word.startsWith('inf')
          ? raw.startsWith('-')
            ? -Infinity
            : Infinity
          : Number(raw);
    samples.push({ name: match[1], labels: labelsOf(match[2]), value });
  });
  return {
    types,
    samples,
    all: (name, labels = {}) => samples.filter((sample) => matches(sample, name, labels)),
    value(name, labels = {}) {
      const found = samples.filter((sample) => matches(sample, name, labels));
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match`);
      return found[0]?.value;
    },
  };
}
