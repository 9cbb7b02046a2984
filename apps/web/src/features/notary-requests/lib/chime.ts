/**
 * A short two-tone chime for a new request, made with the Web Audio API (no sound file to load). Browsers keep
 * audio silent until the page has been clicked or typed in, so `unlockChime` runs on the first interaction.
 */
let context: AudioContext | null = null;

function audioContext(): AudioContext | null {
  if (typeof window === 'undefined' || typeof window.AudioContext !== 'function') return null;
  context ??= new window.AudioContext();
  return context;
}

export function unlockChime() {
  const audio = audioContext();
  if (audio?.state === 'suspended') void audio.resume().catch(() => {});
}

/** Two soft sine notes (A5, then E6), about half a second in all. Silent where audio is blocked. */
export function playChime() {
  const audio = audioContext();
  if (!audio) return;
  if (audio.state === 'suspended') void audio.resume().catch(() => {});
  const start = audio.currentTime + 0.02;
  const notes = [
    { frequency: 880, at: 0 },
    { frequency: 1318.5, at: 0.16 },
  ];
  for (const note of notes) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    const begin = start + note.at;
    oscillator.type = 'sine';
    oscillator.frequency.setValueAtTime(note.frequency, begin);
    gain.gain.setValueAtTime(0.0001, begin);
    gain.gain.exponentialRampToValueAtTime(0.25, begin + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, begin + 0.4);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(begin);
    oscillator.stop(begin + 0.42);
    oscillator.onended = () => gain.disconnect();
  }
}
