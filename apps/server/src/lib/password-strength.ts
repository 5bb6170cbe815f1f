import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';

/**
 * zxcvbn's estimate of how many guesses a password takes, against its lists of the most common passwords,
 * names and words, keyboard walks, dates and repeats: `Password1234` passes the letters-and-digits rule and
 * falls to the first thousand guesses. Score 3 ("safely unguessable: moderate protection from offline
 * slow-hash scenario") is the least a console password may have.
 */
const MINIMUM_SCORE = 3;

let estimator: ZxcvbnFactory | undefined;

/** Whether the password is among what guessers try first; the account's name and the person's count as known words. */
export function isGuessablePassword(password: string, knownWords: readonly string[]): boolean {
  estimator ??= new ZxcvbnFactory({ dictionary: { ...common.dictionary, ...english.dictionary }, graphs: common.adjacencyGraphs });
  return estimator.check(password, [...knownWords]).score < MINIMUM_SCORE;
}
