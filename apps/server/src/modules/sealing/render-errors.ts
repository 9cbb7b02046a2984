import { SEALING_RENDER_ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export { SEALING_RENDER_ERROR_CODES };
export type SealingRenderErrorCode =
  (typeof SEALING_RENDER_ERROR_CODES)[keyof typeof SEALING_RENDER_ERROR_CODES];

/** What a renderer throws for input it cannot draw: a box off the page, bytes that are not an image, bad data. */
export class SealingRenderError extends AppError {
  constructor(options: { code: SealingRenderErrorCode; message: string; details?: unknown }) {
    super({ statusCode: 422, ...options });
    this.name = 'SealingRenderError';
  }
}
