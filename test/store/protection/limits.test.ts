/**
 * The limits' pure parts: the periods a moment falls in (UTC days, ISO weeks, months), what a
 * stake or deposit adds to the account's write, what a payment gives back, a new account's
 * counting, and the session-time clock that moves with the limits.
 */
import { describe, expect, it } from 'vitest';
import { NO_LIMIT, countedAgainst, freshCounting, paidBack, periodKeysAt } from '../../../functions/store/protection/limits';
import { PLAY_NOT_COUNTED, PLAY_TIME_CONDITION, playClock } from '../../../functions/store/protection/play-time';

describe('the periods a moment falls in', () => {
  it.each([
    ['2026-12-09T12:00:00.000Z', { DAY: '2026-12-09', WEEK: '2026-W50', MONTH: '2026-12' }],
    // A week belongs to the year of its Thursday: 31 December 2026 and 1 January 2027 are in 2026's week 53.
    ['2026-12-31T23:59:59.999Z', { DAY: '2026-12-31', WEEK: '2026-W53', MONTH: '2026-12' }],
    ['2027-01-01T00:00:00.000Z', { DAY: '2027-01-01', WEEK: '2026-W53', MONTH: '2027-01' }],
    ['2027-01-04T00:00:00.000Z', { DAY: '2027-01-04', WEEK: '2027-W01', MONTH: '2027-01' }],
    // A Monday starts a week; the Sunday before ends the last.
    ['2026-12-06T23:59:59.999Z', { DAY: '2026-12-06', WEEK: '2026-W49', MONTH: '2026-12' }],
    ['2026-12-07T00:00:00.000Z', { DAY: '2026-12-07', WEEK: '2026-W50', MONTH: '2026-12' }],
  ])('%s', (at, periods) => expect(periodKeysAt(at)).toEqual(periods));
});

describe("what a stake adds to its account's write", () => {
  it('holds the account to the current periods and takes the amount off each room of each kind, on condition it holds it', () => {
    const counted = countedAgainst(['STAKE', 'LOSS'], 250, periodKeysAt('2026-12-09T12:00:00.000Z'));
    expect(counted.condition).toBe(
      'per_D = :perD AND room_stD >= :counted AND room_loD >= :counted AND per_W = :perW AND room_stW >= :counted AND room_loW >= :counted AND per_M = :perM AND room_stM >= :counted AND room_loM >= :counted',
    );
    expect(counted.adds).toEqual([
      'room_stD :taken',
      'room_loD :taken',
      'room_stW :taken',
      'room_loW :taken',
      'room_stM :taken',
      'room_loM :taken',
    ]);
    expect(counted.values).toEqual({ ':counted': 250, ':taken': -250, ':perD': '2026-12-09', ':perW': '2026-W50', ':perM': '2026-12' });
  });

  it('a payment gives back the net-loss rooms only', () => {
    expect(paidBack(40)).toEqual({ adds: ['room_loD :paidBack', 'room_loW :paidBack', 'room_loM :paidBack'], values: { ':paidBack': 40 } });
  });
});

describe("a new account's counting", () => {
  it('counts the current periods, every kind unlimited, session time included', () => {
    const counting = freshCounting(periodKeysAt('2026-12-09T12:00:00.000Z'));
    expect(counting).toMatchObject({ per_D: '2026-12-09', per_W: '2026-W50', per_M: '2026-12', room_tiD: NO_LIMIT, room_deM: NO_LIMIT });
    expect(Object.keys(counting)).toHaveLength(3 + 3 * 4);
  });
});

describe('the session-time clock', () => {
  it('starts with nothing counted (the first stake counts a step), and stops by leaving nothing to count', () => {
    expect(playClock(true)).toEqual({
      set: ['playUntil = if_not_exists(playUntil, :playNotCounted)'],
      remove: [],
      values: { ':playNotCounted': PLAY_NOT_COUNTED },
    });
    expect(playClock(false)).toEqual({ set: [], remove: ['playUntil'], values: {} });
    // A stake passes with no clock, or within the step counted last.
    expect(PLAY_TIME_CONDITION).toBe('(attribute_not_exists(playUntil) OR playUntil > :now)');
  });
});
