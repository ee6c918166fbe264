import { describe, expect, it } from 'vitest';
import { CATEGORIAS, MOTIVO } from '../src/db/seed/data.js';
import { demoSvg, writeDemoImages, type DemoImage } from '../src/db/seed/images.js';
import type { Store } from '../src/lib/storage.js';
import { buildPlan } from '../src/db/seed/plan.js';

/**
 * Issue 35: the demo's pictures look like real shops and places (category illustrations and
 * icons), not their names in big type on a gradient. No database: the plan and the SVG only.
 */
const plan = buildPlan('2026-11-26');
const byDir = (dir: DemoImage['dir']) => plan.images.filter((i) => i.dir === dir);

/** The largest font size the picture uses, 0 without text. */
const largestText = (svg: string) =>
  Math.max(0, ...[...svg.matchAll(/font-size="([\d.]+)"/g)].map((m) => Number(m[1])));

describe('demo pictures', () => {
  it('draws every shop as a shop front with its category in the window and its name on a small sign', () => {
    const shops = byDir('imgest');
    expect(shops.length).toBeGreaterThan(20);
    for (const shop of shops) {
      expect(shop.kind, shop.name).toBe('shop');
      const svg = demoSvg(shop);
      // The name is there, but small: at most a tenth of the picture's height.
      expect(svg).toContain(`>${shop.title.replace(/&/g, '&amp;')}<`);
      expect(largestText(svg), shop.name).toBeLessThanOrEqual(shop.height / 10);
    }
  });

  it("gives each category its own icon, on the shops' logos and in their windows", () => {
    expect(new Set(CATEGORIAS.map((c) => MOTIVO[c])).size).toBe(CATEGORIAS.length);
    const logos = byDir('imglog');
    for (const logo of logos) {
      expect(logo.kind, logo.name).toBe('logo');
      expect(logo.motif, logo.name).toBeDefined();
      // A logo is its icon: no lettering.
      expect(largestText(demoSvg(logo)), logo.name).toBe(0);
    }
    const shop = byDir('imgest')[0]!;
    const logo = logos.find((l) => l.name === shop.name)!;
    expect(shop.motif).toBe(logo.motif);
  });

  it('draws the tourism pictures as scenes of their type, without lettering', () => {
    const places = byDir('imgtur');
    expect(new Set(places.map((p) => p.scene))).toEqual(new Set([0, 1, 2, 3, 4]));
    for (const place of places) {
      expect(place.kind, place.name).toBe('place');
      expect(largestText(demoSvg(place)), place.name).toBe(0);
    }
  });

  it('keeps words where a picture needs them, at a modest size: the ad, the offer, the caption', () => {
    for (const img of plan.images) {
      expect(img.kind ?? 'picture', img.name).not.toBe('picture');
      expect(largestText(demoSvg(img)), img.name).toBeLessThanOrEqual(img.height * 0.13);
    }
  });
});

describe('demo pictures go through the store (issue 54)', () => {
  it('puts each missing picture under images/ as a PNG, whatever the store, and skips those it holds', async () => {
    const objects = new Map<string, { body: Buffer; type: string }>();
    const store = {
      exists: async (key: string) => objects.has(key),
      put: async (key: string, data: Buffer | { file: string }, type: string) => {
        if (!Buffer.isBuffer(data)) throw new Error('a buffer was expected');
        objects.set(key, { body: data, type });
      },
    } as Pick<Store, 'exists' | 'put'> as Store;
    const some = [...byDir('imglog').slice(0, 2), ...byDir('imgtur').slice(0, 1)];
    expect(await writeDemoImages(store, some)).toBe(3);
    expect([...objects.keys()].sort()).toEqual(some.map((i) => `images/${i.dir}/${i.name}.png`).sort());
    for (const { body, type } of objects.values()) {
      expect(type).toBe('image/png');
      expect(body.subarray(1, 4).toString('latin1')).toBe('PNG');
    }
    objects.delete(`images/${some[0]!.dir}/${some[0]!.name}.png`);
    expect(await writeDemoImages(store, some)).toBe(1);
  });
});
