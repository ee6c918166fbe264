import '@mantine/carousel/styles.css';

import { Children, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Carousel } from '@mantine/carousel';
import { ActionIcon, Box, Group } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import type { EmblaCarouselType } from 'embla-carousel';
import { ChevronLeftIcon, ChevronRightIcon, PauseIcon, PlayIcon } from '@/components/icons';
import { useSlidesPerView, type SlidesPerView } from './use-slides-per-view';

/** Spec §9: the home carousels move every 5 s and react to a 40 px swipe. */
export const AUTOPLAY_MS = 5000;
export const SWIPE_THRESHOLD_PX = 40;

interface AppCarouselProps {
  /** Name of the carousel region, e.g. 'Estabelecimentos participantes'. */
  label: string;
  perView: SlidesPerView;
  /** Advance every 5 s (paused on hover or focus, off when the system asks for less motion). */
  autoplay?: boolean;
  /** One element per slide. */
  children: ReactNode;
}

/**
 * The app's carousel: Mantine Carousel on embla, infinite, with our own previous, pause and
 * next buttons under the slides, so nothing covers a card and the motion can be stopped
 * (WCAG 2.2.2). Each slide is a labelled group ('3 de 25').
 */
export function AppCarousel({ label, perView, autoplay = true, children }: AppCarouselProps) {
  const slides = Children.toArray(children);
  const count = useSlidesPerView(perView);
  const reducedMotion = useReducedMotion(false, { getInitialValueInEffect: false });
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [scrollable, setScrollable] = useState(false);
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
      <Carousel
        withControls={false}
        slideSize={`${100 / count}%`}
        slideGap="sm"
        getEmblaApi={setEmbla}
        emblaOptions={{ loop: true, align: 'start', dragThreshold: SWIPE_THRESHOLD_PX, slidesToScroll: 1 }}
      >
        {slides.map((slide, i) => (
          <Carousel.Slide
            key={i}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} de ${slides.length}`}
          >
            {/* Room for the focus ring, which the viewport would clip. */}
            <Box p={4} h="100%">
              {slide}
            </Box>
          </Carousel.Slide>
        ))}
      </Carousel>
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
