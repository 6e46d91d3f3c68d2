import { describe, expect, it } from 'vitest';
import { changedTrackerSettings, readTrackerDraft, TILE_URL_HELP, trackerDraftOf } from './tracker-form';

const saved = { mapTileUrl: null, mapAttribution: null, pushUpdates: true, smsUpdates: false };
const OSM = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

describe('the tracker settings form', () => {
  it('reads a tile source with its attribution, and sends only what changed', () => {
    const read = readTrackerDraft({
      ...trackerDraftOf(saved),
      mapTileUrl: ` ${OSM} `,
      mapAttribution: '© OpenStreetMap contributors',
      smsUpdates: true,
    });
    expect(read.errors).toBeNull();
    expect(changedTrackerSettings(saved, read.settings!)).toEqual({
      mapTileUrl: OSM,
      mapAttribution: '© OpenStreetMap contributors',
      smsUpdates: true,
    });
    expect(changedTrackerSettings(saved, readTrackerDraft(trackerDraftOf(saved)).settings!)).toBeNull();
  });

  it.each([
    ['http://tile.example.org/{z}/{x}/{y}.png', 'x', { mapTileUrl: TILE_URL_HELP }],
    ['https://tile.example.org/tiles.png', 'x', { mapTileUrl: TILE_URL_HELP }],
    [OSM, '', { mapAttribution: 'Say whose map it is, as the tile provider asks (© OpenStreetMap contributors)' }],
  ])('refuses %s with attribution %j', (mapTileUrl, mapAttribution, errors) => {
    expect(readTrackerDraft({ ...trackerDraftOf(saved), mapTileUrl, mapAttribution }).errors).toEqual(errors);
  });

  it('takes an empty tile address as no map', () => {
    const read = readTrackerDraft({
      ...trackerDraftOf({ ...saved, mapTileUrl: OSM, mapAttribution: 'x' }),
      mapTileUrl: '',
      mapAttribution: '',
    });
    expect(read.settings).toMatchObject({ mapTileUrl: null, mapAttribution: null });
  });
});
