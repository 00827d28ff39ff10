import { apiRoutes } from '@oripa/contract/api-routes';
import type { FastifyInstance } from 'fastify';
import { routes } from '../../http/route.ts';
import { mediaIdsStartingWith } from './media.repo.ts';

/**
 * Operator reveal videos are named movie-r<rarity 1-7>-s<movie style>.<mp4|webm> (ops media:put):
 * one per won-card rarity and movie_style (spec section 2); the reveal plays the one for the best
 * rarity of the result, preferring mp4 when both exist.
 */
const MOVIE_ID = /^movie-r[1-7]-s\d{1,2}\.(mp4|webm)$/;

/**
 * GET /user/reveal_movies: the operator videos that exist, so the reveal plays one when present
 * without probing URLs that answer 404.
 */
export default async function revealMovieRoutes(app: FastifyInstance): Promise<void> {
  routes(app).handle(apiRoutes.revealMovies, async ({ app }) => ({
    list: (await mediaIdsStartingWith(app.db, 'movie-')).filter((id) => MOVIE_ID.test(id)).map((id) => `/media/${id}`),
  }));
}
