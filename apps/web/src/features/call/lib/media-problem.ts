/** Why the camera or microphone did not start, in terms the pre-join check can explain. */
export type MediaProblem = 'blocked' | 'missing' | 'busy' | 'insecure' | 'unsupported' | 'other';

export const MEDIA_PROBLEMS: readonly MediaProblem[] = [
  'blocked',
  'missing',
  'busy',
  'insecure',
  'unsupported',
  'other',
];

/** getUserMedia's error names (and the older Chrome and Firefox ones) mapped to what the person can do about them. */
export function mediaProblemOf(error: unknown): MediaProblem {
  const name = (error as { name?: unknown } | null)?.name;
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
      return 'blocked';
    case 'SecurityError':
      return 'insecure';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'other';
  }
}

/** The translation keys (namespace `call`) that explain a problem: a title, what happened and what to do. */
export function mediaProblemKeys(problem: MediaProblem) {
  return { title: `preJoin.problem.${problem}.title`, body: `preJoin.problem.${problem}.body` } as const;
}
