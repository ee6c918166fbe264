import {
  Children,
  isValidElement,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { ActionIcon, Box, Group } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import EmblaCarousel, { type EmblaCarouselType, type EmblaOptionsType } from 'embla-carousel';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/icons';
import classes from './app-carousel.module.css';
import { useSlidesPerView, type SlidesPerView } from './use-slides-per-view';

/** Spec §9: the home carousels move every 5 s and react to a 40 px swipe. */
const AUTOPLAY_MS = 5000;
const SWIPE_THRESHOLD_PX = 40;

const EMBLA_OPTIONS: EmblaOptionsType = {
  loop: true,
  align: 'start',
  dragThreshold: SWIPE_THRESHOLD_PX,
  slidesToScroll: 1,
};

/**
 * Runs `fn` once the browser has laid out and painted what was just committed (the next
 * frame, then a task after it); the answer cancels it. Without frames (a test DOM), a task.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame !== 'function') {
    timer = setTimeout(fn, 0);
    return () => clearTimeout(timer);
  }
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * embla on the viewport, started after the slides' first paint (decision 021): embla measures
 * every slide when it starts, and inside React's commit that forced the layout of the whole
 * new page in the same task (a third of the home's longest task). Until then the strip shows
 * its first slides as laid out by CSS, the same place embla puts them.
 */
function useEmbla(viewport: RefObject<HTMLDivElement | null>): EmblaCarouselType | null {
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    let api: EmblaCarouselType | null = null;
    const cancel = afterPaint(() => {
      api = EmblaCarousel(el, EMBLA_OPTIONS);
      setEmbla(api);
    });
    return () => {
      cancel();
      api?.destroy();
      setEmbla(null);
    };
  }, [viewport]);
  return embla;
}

interface AppCarouselProps {
  /** Name of the carousel region, e.g. 'Estabelecimentos participantes'. */
  label: string;
  perView: SlidesPerView;
  /** Advance every 5 s (paused on hover or focus, off when the system asks for less motion). */
  autoplay?: boolean;
  /** One element per slide. */
  children: ReactNode;
}

/** The child's own key (so a slide keeps its DOM as others are inserted), else its place. */
const slideKey = (slide: ReturnType<typeof Children.toArray>[number], i: number) =>
  isValidElement(slide) && slide.key !== null ? slide.key : i;

/**
 * The app's carousel: embla, infinite, with our own previous, pause and next buttons under the
 * slides, so nothing covers a card and the motion can be stopped (WCAG 2.2.2); the arrow keys
 * move it too. Each slide is a labelled group ('3 de 24'). Every slide is mounted: the home's
 * lists are short (at most 24 shops: decision 042).
 */
export function AppCarousel({ label, perView, autoplay = true, children }: AppCarouselProps) {
  const slides = Children.toArray(children);
  const total = slides.length;
  const count = useSlidesPerView(perView);
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const viewport = useRef<HTMLDivElement>(null);
  const embla = useEmbla(viewport);
  // Guessed before embla measures, so the buttons' row does not pop in and shift the page.
  const [scrollable, setScrollable] = useState(total > count);
  const [stopped, setStopped] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const measure = useCallback((api: EmblaCarouselType) => {
    setScrollable(api.scrollSnapList().length > 1);
  }, []);

  useEffect(() => {
    if (!embla) return;
    measure(embla);
    embla.on('reInit', measure).on('resize', measure);
    return () => {
      embla.off('reInit', measure).off('resize', measure);
    };
  }, [embla, measure]);

  const running = autoplay && !reducedMotion && !stopped && !hovered && !focused && scrollable;
  useEffect(() => {
    if (!embla || !running) return;
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible') embla.scrollNext();
    }, AUTOPLAY_MS);
    return () => window.clearInterval(timer);
  }, [embla, running]);

  const canPause = autoplay && !reducedMotion && scrollable;

  const onKeyDownCapture = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    e.preventDefault();
    if (e.key === 'ArrowRight') embla?.scrollNext();
    else embla?.scrollPrev();
  };

  return (
    <Box
      component="section"
      aria-roledescription="carrossel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={viewport}
        className={classes.viewport}
        style={{ '--slide-size': `${100 / count}%` } as CSSProperties}
        onKeyDownCapture={onKeyDownCapture}
      >
        <div className={classes.strip} data-carousel-strip="">
          {slides.map((slide, i) => (
            <div
              key={slideKey(slide, i)}
              className={classes.slide}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} de ${total}`}
            >
              {/* Room for the focus ring, which the viewport would clip. */}
              <Box p={4} h="100%">
                {slide}
              </Box>
            </div>
          ))}
        </div>
      </div>
      {scrollable ? (
        <Group justify="flex-end" gap="xs" mt={4}>
          <ActionIcon variant="default" size="lg" aria-label="Anterior" onClick={() => embla?.scrollPrev()}>
            <ChevronLeftIcon />
          </ActionIcon>
          {canPause ? (
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={stopped ? 'Retomar rolagem automática' : 'Pausar rolagem automática'}
              onClick={() => setStopped((s) => !s)}
            >
              {stopped ? <PlayIcon /> : <PauseIcon />}
            </ActionIcon>
          ) : null}
          <ActionIcon variant="default" size="lg" aria-label="Próximo" onClick={() => embla?.scrollNext()}>
            <ChevronRightIcon />
          </ActionIcon>
        </Group>
      ) : null}
    </Box>
  );
}
