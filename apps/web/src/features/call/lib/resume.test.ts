import { describe, expect, it } from 'vitest';
import { forgetCall, recalledCall, rememberCall } from './resume';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

describe('going back into a call after a reload', () => {
  it('remembers the devices and microphone/camera choice per application until the call is left', () => {
    const storage = new MemoryStorage();
    rememberCall(
      'app-1',
      { audioDeviceId: 'mic-2', videoDeviceId: null, audio: false, video: true },
      storage,
    );
    expect(recalledCall('app-1', storage)).toEqual({
      audioDeviceId: 'mic-2',
      videoDeviceId: null,
      audio: false,
      video: true,
    });
    expect(recalledCall('app-2', storage)).toBeNull();
    forgetCall('app-1', storage);
    expect(recalledCall('app-1', storage)).toBeNull();
  });

  it('ignores what it cannot read (tampered or old storage) instead of failing the page', () => {
    const storage = new MemoryStorage();
    storage.setItem('mohar.call.app-1', '{not json');
    expect(recalledCall('app-1', storage)).toBeNull();
    storage.setItem('mohar.call.app-1', JSON.stringify({ audioDeviceId: 42 }));
    expect(recalledCall('app-1', storage)).toEqual({
      audioDeviceId: null,
      videoDeviceId: null,
      audio: true,
      video: true,
    });
  });
});
