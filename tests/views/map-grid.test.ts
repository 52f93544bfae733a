import { geoMercator } from 'd3-geo';
import { describe, expect, it } from 'vitest';
import { mapClusterSchema, viewportSchema, type Viewport } from '../../src/contract/map.ts';
import { MAX_CELLS, cellOf, cellSize, cellsIn, clusterIconSize, clusterLabel, clusterName, gridZoomFor } from '../../src/lib/map-grid.ts';
import { MAX_LATITUDE, boundsAround, panBy, project, unproject, worldSize, wrapLongitude, zoomAround } from '../../src/lib/mercator.ts';

const PORTLAND = { lat: 45.5152, lng: -122.6784 };

describe('the cluster grid', () => {
  it('halves the cell with each zoom level, from 45° at zoom 1', () => {
    expect(cellSize(1)).toBe(45);
    expect(cellSize(2)).toBe(22.5);
    expect(cellSize(13)).toBeCloseTo(45 / 4096, 12);
    expect(cellSize(20)).toBeCloseTo(45 / 2 ** 19, 15);
  });

  it('keeps the cells of a full-HD window at any zoom near 500', () => {
    for (let zoom = 3; zoom <= 20; zoom++) {
      const bounds = boundsAround(PORTLAND, zoom, 1920, 1080);
      expect(cellsIn(bounds, zoom), `zoom ${zoom}`).toBeLessThanOrEqual(MAX_CELLS + 60);
      expect(cellsIn(bounds, zoom), `zoom ${zoom}`).toBeGreaterThan(150);
    }
  });

  it('puts a place in one cell, the same for every place nearby, and names it by zoom, row and column', () => {
    const a = cellOf(45.5152, -122.6784, 13);
    expect(a).toEqual(cellOf(45.5153, -122.6783, 13));
    expect(a.id).toBe(`13/${a.row}/${a.col}`);
    expect(a.row).toBe(Math.floor((45.5152 + 90) / cellSize(13)));
    expect(cellOf(45.5152 + cellSize(13), -122.6784, 13).row).toBe(a.row + 1);
    expect(cellOf(45.5152, -122.6784 + cellSize(13), 13).col).toBe(a.col + 1);
  });

  it('puts the poles and the 180th meridian in the edge cells', () => {
    expect(cellOf(90, 0, 1)).toMatchObject({ row: 3 });
    expect(cellOf(-90, 0, 1)).toMatchObject({ row: 0 });
    expect(cellOf(0, 180, 1).col).toBe(cellOf(0, -180, 1).col);
    expect(cellOf(0, 180, 1).col).toBe(0);
    expect(cellOf(0, 179.999, 1).col).toBe(7);
  });

  it('counts the cells of a view across the 180th meridian', () => {
    expect(cellsIn({ north: 10, south: -10, west: 170, east: -170 }, 3)).toBe(cellsIn({ north: 10, south: -10, west: -10, east: 10 }, 3));
  });

  it('counts a view reaching the 180th meridian to the end of the row', () => {
    expect(cellsIn({ north: 10, south: -10, west: -180, east: 180 }, 3)).toBe(2 * 32);
    expect(cellsIn({ north: 10, south: -10, west: 0, east: 180 }, 3)).toBe(2 * 16);
    const world: Viewport = { north: 85, south: -85, west: -180, east: 180, zoom: 20 };
    expect(cellsIn(world, gridZoomFor(world))).toBeLessThanOrEqual(MAX_CELLS);
  });

  it('clusters on a coarser grid when a viewport claims more cells than 500', () => {
    const honest: Viewport = { ...boundsAround(PORTLAND, 13, 1280, 800), zoom: 13 };
    expect(gridZoomFor(honest)).toBe(13);
    const claimsTooMuch: Viewport = { north: 49, south: 25, west: -125, east: -67, zoom: 20 };
    const zoom = gridZoomFor(claimsTooMuch);
    expect(zoom).toBeLessThan(20);
    expect(cellsIn(claimsTooMuch, zoom)).toBeLessThanOrEqual(MAX_CELLS);
    expect(cellsIn(claimsTooMuch, zoom + 1)).toBeGreaterThan(MAX_CELLS);
  });
});

describe('cluster icons', () => {
  it.each([
    [1, 1],
    [9, 1],
    [10, 2],
    [99, 2],
    [100, 3],
    [999, 3],
    [1000, 4],
    [9999, 4],
    [10000, 5],
    [250000, 5],
  ])('%i jobs get icon size %i of 5', (count, size) => {
    expect(clusterIconSize(count)).toBe(size);
  });

  it('writes large counts short on the icon and in full for screen readers', () => {
    expect(clusterLabel(7)).toBe('7');
    expect(clusterLabel(1234)).toBe('1.2K');
    expect(clusterName(1234)).toBe('1,234 jobs');
    expect(clusterName(1)).toBe('1 job');
  });
});

describe('Web Mercator', () => {
  it('projects and back again', () => {
    for (const zoom of [1, 4, 13, 20]) {
      const back = unproject(project(PORTLAND, zoom), zoom);
      expect(back.lat).toBeCloseTo(PORTLAND.lat, 9);
      expect(back.lng).toBeCloseTo(PORTLAND.lng, 9);
    }
    expect(project({ lat: 0, lng: 0 }, 1)).toEqual({ x: 256, y: 256 });
    expect(project({ lat: MAX_LATITUDE, lng: -180 }, 0).y).toBeCloseTo(0, 6);
  });

  it('draws as d3-geo Mercator does at the same scale, so edges and outlines agree', () => {
    const zoom = 13;
    const projection = geoMercator()
      .scale(worldSize(zoom) / (2 * Math.PI))
      .center([PORTLAND.lng, PORTLAND.lat])
      .translate([640, 400]);
    const bounds = boundsAround(PORTLAND, zoom, 1280, 800);
    const [west, north] = projection.invert!([0, 0])!;
    const [east, south] = projection.invert!([1280, 800])!;
    expect(bounds.west).toBeCloseTo(west, 9);
    expect(bounds.east).toBeCloseTo(east, 9);
    expect(bounds.north).toBeCloseTo(north, 9);
    expect(bounds.south).toBeCloseTo(south, 9);
    expect(viewportSchema.safeParse({ ...bounds, zoom }).success).toBe(true);
  });

  it('gives the edges of a view across the 180th meridian and of a view wider than the world', () => {
    const fiji = boundsAround({ lat: -17, lng: 179 }, 5, 1280, 800);
    expect(fiji.west).toBeGreaterThan(fiji.east);
    expect(viewportSchema.safeParse({ ...fiji, zoom: 5 }).success).toBe(true);
    expect(boundsAround({ lat: 0, lng: 0 }, 1, 1280, 800)).toMatchObject({ west: -180, east: 180 });
    const world = boundsAround({ lat: 0, lng: 0 }, 1, 1280, 800);
    expect(world.north).toBeCloseTo(MAX_LATITUDE, 9);
  });

  it('pans by pixels and zooms around the pointer', () => {
    const zoom = 10;
    const moved = panBy(PORTLAND, zoom, 100, -50);
    const before = project(PORTLAND, zoom);
    const after = project(moved, zoom);
    expect(after.x).toBeCloseTo(before.x - 100, 6);
    expect(after.y).toBeCloseTo(before.y + 50, 6);

    // The place under the pointer stays under it.
    const offset = { x: 200, y: -120 };
    const pointed = unproject({ x: before.x + offset.x, y: before.y + offset.y }, zoom);
    const centre = zoomAround(PORTLAND, zoom, zoom + 1, offset);
    const c = project(centre, zoom + 1);
    const p = project(pointed, zoom + 1);
    expect(p.x - c.x).toBeCloseTo(offset.x, 6);
    expect(p.y - c.y).toBeCloseTo(offset.y, 6);
  });

  it('keeps the centre on the map: latitude inside the square, longitude wrapped', () => {
    expect(panBy({ lat: 80, lng: 0 }, 2, 0, 10000).lat).toBeCloseTo(MAX_LATITUDE, 9);
    expect(wrapLongitude(190)).toBe(-170);
    expect(wrapLongitude(-180)).toBe(-180);
    expect(wrapLongitude(180)).toBe(-180);
    expect(wrapLongitude(-540)).toBe(-180);
  });
});

describe('the shared map shapes', () => {
  it('names the job on a pin of one job, and on no larger cluster', () => {
    const pin = { id: '13/1/2', latitude: 45.5, longitude: -122.6, count: 1, jobId: 'job-1', title: 'Line cook' };
    expect(mapClusterSchema.parse(pin)).toEqual(pin);
    expect(mapClusterSchema.safeParse({ ...pin, count: 2 }).success).toBe(false);
    expect(mapClusterSchema.safeParse({ ...pin, jobId: null }).success).toBe(false);
    expect(mapClusterSchema.safeParse({ ...pin, count: 2, jobId: null, title: null }).success).toBe(true);
    expect(mapClusterSchema.safeParse({ ...pin, count: 1.5 }).success).toBe(false);
    expect(mapClusterSchema.safeParse({ ...pin, latitude: 91 }).success).toBe(false);
  });

  it('takes a viewport with its edges in order and a zoom from 1 to 20', () => {
    const viewport = { north: 46, south: 45, east: -122, west: -123, zoom: 13 };
    expect(viewportSchema.parse(viewport)).toEqual(viewport);
    expect(viewportSchema.safeParse({ ...viewport, north: 44 }).success).toBe(false);
    expect(viewportSchema.safeParse({ ...viewport, zoom: 0 }).success).toBe(false);
    expect(viewportSchema.safeParse({ ...viewport, zoom: 21 }).success).toBe(false);
    expect(viewportSchema.safeParse({ ...viewport, zoom: 12.5 }).success).toBe(false);
  });
});
