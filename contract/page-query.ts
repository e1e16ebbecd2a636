// The query of every paged list: `offset` rows skipped, at most `limit` returned.
import { Type, type Static } from '@sinclair/typebox';
import { PAGE_LIMIT_MAX, PAGE_OFFSET_MAX } from './page-sizes';

export const pageQuery = (defaultLimit: number) =>
  Type.Object({
    offset: Type.Integer({ minimum: 0, maximum: PAGE_OFFSET_MAX, default: 0, description: 'Rows to skip' }),
    limit: Type.Integer({
      minimum: 1,
      maximum: PAGE_LIMIT_MAX,
      default: defaultLimit,
      description: `Rows to return (1 to ${PAGE_LIMIT_MAX})`,
    }),
  });
export type PageQuery = Static<ReturnType<typeof pageQuery>>;
