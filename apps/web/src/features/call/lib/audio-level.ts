/**
 * How loud a stream's microphone is, about 10 times a second, as 0…1 (RMS of the waveform, scaled so speech reads
 * around 0.2–0.6). The pre-join meter and the call's speaking indicator both use it. Returns a stop function.
 * One AudioContext is shared: browsers limit how many a page may open.
 */
let shared: AudioContext | null = null;

function context(): AudioContext {
  shared ??= new AudioContext();
  if (shared.state === 'suspended') void shared.resume().catch(() => {});
  return shared;
}

export function watchAudioLevel(stream: MediaStream, onLevel: (level: number) => void): () => void {
  if (stream.getAudioTracks().length === 0) {
    onLevel(0);
    return () => {};
  }
  const audio = context();
  const source = audio.createMediaStreamSource(stream);
  const analyser = audio.createAnalyser();
  analyser.fftSize = 512;
  source.connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  const timer = window.setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    let sum = 0;
    for (const sample of samples) sum += sample * sample;
    onLevel(Math.min(1, Math.sqrt(sum / samples.length) * 4));
  }, 100);
  return () => {
    window.clearInterval(timer);
    source.disconnect();
    analyser.disconnect();
  };
}

/** A level above this counts as speaking (the grid's indicator). */
export const SPEAKING_LEVEL = 0.08;
