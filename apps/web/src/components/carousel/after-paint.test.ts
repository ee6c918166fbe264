import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterPaint } from './app-carousel';

/** embla starts only once the slides were painted (decision 021), and never after unmount. */
describe('afterPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('runs in a task after the next frame, not before', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', vi.fn());
    const fn = vi.fn();
    afterPaint(fn);
    vi.runAllTimers();
    expect(fn).not.toHaveBeenCalled(); // no frame yet
    frames.shift()!(0);
    expect(fn).not.toHaveBeenCalled(); // the frame itself lays out and paints first
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });

  it('cancelled before the frame or after it, it never runs', () => {
    vi.useFakeTimers();
    const frames: FrameRequestCallback[] = [];
    const cancelFrame = vi.fn();
    vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => frames.push(cb));
    vi.stubGlobal('cancelAnimationFrame', cancelFrame);
    const early = vi.fn();
    afterPaint(early)();
    expect(cancelFrame).toHaveBeenCalledWith(1);
    const late = vi.fn();
    const cancel = afterPaint(late);
    frames[1]!(0);
    cancel();
    vi.runAllTimers();
    expect(early).not.toHaveBeenCalled();
    expect(late).not.toHaveBeenCalled();
  });

  it('without requestAnimationFrame (a test DOM) it still runs, in a task', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestAnimationFrame', undefined);
    const fn = vi.fn();
    afterPaint(fn);
    expect(fn).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
