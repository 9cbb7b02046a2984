import { AppError } from '../../platform/app-error.ts';

/** Error codes of the sealing renderers (to move into @mohar/contracts with the sealing routes). */
export const SEALING_RENDER_ERROR_CODES = {
  placementInvalid: 'sealing.placement_invalid',
  imageInvalid: 'sealing.image_invalid',
  dataInvalid: 'sealing.data_invalid',
} as const;
export type SealingRenderErrorCode =
  (typeof SEALING_RENDER_ERROR_CODES)[keyof typeof SEALING_RENDER_ERROR_CODES];

/** What a renderer throws for input it cannot draw: a box off the page, bytes that are not an image, bad data. */
export class SealingRenderError extends AppError {
  constructor(options: { code: SealingRenderErrorCode; message: string; details?: unknown }) {
    super({ statusCode: 422, ...options });
    this.name = 'SealingRenderError';
  }
}
