import { describe, expect, it } from 'vitest';
import { carouselWindow, windowIndexes } from './app-carousel';

describe('carouselWindow (how many slides a carousel mounts first)', () => {
  it('a phone, one slide per view, mounts 6 ahead and 2 behind first, then grows 12 at a time', () => {
    expect(carouselWindow(1)).toEqual({ head: 6, tail: 2, step: 12 });
    expect(windowIndexes(2000, 6, 2)).toEqual([0, 1, 2, 3, 4, 5, 1998, 1999]);
  });

  it('wider views keep the 12 + 4 window, never more', () => {
    expect(carouselWindow(2)).toEqual({ head: 10, tail: 4, step: 12 });
    expect(carouselWindow(3)).toEqual({ head: 12, tail: 4, step: 12 });
    expect(carouselWindow(4)).toEqual({ head: 12, tail: 4, step: 12 });
  });

  it('a short list is mounted whole', () => {
    expect(windowIndexes(7, 6, 2)).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });
});
