/**
 * The citizen's routes. The tree and its href builder live in the domain (@hall/domain/citizen-paths),
 * beside the routing tables that pick a detail or statement page and the server's redirects into
 * the hall, so every path is written once; the screens name them from here.
 * `href` leaves empty values (null, undefined, '') out of the query.
 */
export { citizenPaths as paths, getHref as href } from '@hall/domain/citizen-paths';
