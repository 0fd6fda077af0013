/**
 * Thompson sampling over a Normal reward with unknown mean and precision (docs/decisions/085):
 * each arm's posterior is Normal–Gamma, sampled as τ ~ Gamma(α, β), μ ~ Normal(m, 1/(κτ)).
 * The reward is a log ratio (reward.ts), roughly normal, with a spread we do not know in
 * advance: the Gamma learns it, so a noisy shop explores longer than a steady one.
 */

export interface NormalGamma {
  /** Mean of the arm's reward. */
  m: number;
  /** Pseudo-observations behind `m`. */
  kappa: number;
  alpha: number;
  beta: number;
}

/**
 * Before any result: mean 0 (an ordinary post), worth one observation; a spread of about 0.7 in
 * reward (posts of one shop commonly differ two-fold) held loosely (α = 2).
 */
export const VAGUE: NormalGamma = { m: 0, kappa: 1, alpha: 2, beta: 2 * 0.5 };

/** The posterior after `values`. */
export function update(prior: NormalGamma, values: readonly number[]): NormalGamma {
  const n = values.length;
  if (n === 0) return prior;
  const mean = values.reduce((sum, value) => sum + value, 0) / n;
  const squares = values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  const kappa = prior.kappa + n;
  return {
    m: (prior.kappa * prior.m + n * mean) / kappa,
    kappa,
    alpha: prior.alpha + n / 2,
    beta: prior.beta + squares / 2 + (prior.kappa * n * (mean - prior.m) ** 2) / (2 * kappa),
  };
}

/** A standard normal draw (Box–Muller). */
export function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** A Gamma(shape, rate 1) draw (Marsaglia–Tsang; shape < 1 boosted). */
export function gamma(shape: number, random: () => number): number {
  if (shape < 1) return gamma(shape + 1, random) * Math.pow(Math.max(random(), 1e-12), 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    let x: number;
    let v: number;
    do {
      x = normal(random);
      v = 1 + c * x;
    } while (v <= 0);
    v = v * v * v;
    const u = random();
    if (u < 1 - 0.0331 * x ** 4 || Math.log(Math.max(u, 1e-300)) < 0.5 * x * x + d * (1 - v + Math.log(v))) return d * v;
  }
}

/** One draw of the arm's mean reward from its posterior. */
export function sampleMean(posterior: NormalGamma, random: () => number): number {
  const precision = gamma(posterior.alpha, random) / posterior.beta;
  return posterior.m + normal(random) / Math.sqrt(posterior.kappa * Math.max(precision, 1e-9));
}

/**
 * The posterior after `values` each counted `weight` times (0 < weight ≤ 1): how a pool of other
 * merchants' results becomes a prior worth a bounded number of this merchant's own.
 */
export function updateWeighted(prior: NormalGamma, values: readonly number[], weight: number): NormalGamma {
  const n = values.length * weight;
  if (n <= 0) return prior;
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const squares = weight * values.reduce((sum, value) => sum + (value - mean) ** 2, 0);
  const kappa = prior.kappa + n;
  return {
    m: (prior.kappa * prior.m + n * mean) / kappa,
    kappa,
    alpha: prior.alpha + n / 2,
    beta: prior.beta + squares / 2 + (prior.kappa * n * (mean - prior.m) ** 2) / (2 * kappa),
  };
}
