import { BLOG_ERROR_CODES, ERROR_CODES } from '@mohar/contracts';
import { AppError } from '../../platform/app-error.ts';

export const blogNotFound = () =>
  new AppError({
    statusCode: 404,
    code: ERROR_CODES.blogNotFound,
    message: 'We could not find that article.',
  });

export const blogErrors = {
  categoryNotFound: () =>
    new AppError({
      statusCode: 404,
      code: BLOG_ERROR_CODES.categoryNotFound,
      message: 'We could not find that category.',
    }),
  categoryExists: () =>
    new AppError({
      statusCode: 409,
      code: BLOG_ERROR_CODES.categoryExists,
      message: 'A category with that name exists already.',
    }),
  categoryNotEmpty: () =>
    new AppError({
      statusCode: 409,
      code: BLOG_ERROR_CODES.categoryNotEmpty,
      message: 'This category still has articles. Move or delete them first.',
    }),
  slugTaken: () =>
    new AppError({
      statusCode: 409,
      code: BLOG_ERROR_CODES.slugTaken,
      message: 'Another article has this address. Choose another.',
    }),
  imageInvalid: (message: string) =>
    new AppError({ statusCode: 400, code: BLOG_ERROR_CODES.imageInvalid, message }),
};
