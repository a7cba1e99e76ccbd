// Per-node times of ONNX Runtime (CPU EP, graph optimizations on) on a twin model, to set
// beside plite's `benchmark --profile` table when a twin is slower than ORT.
// usage: NODE_PATH=/tmp/plite_cache/ortnode/node_modules \
//          node tools/ort_op_profile.js TWIN_DIR [--threads 1] [--runs 30] [--top 15]
// Prints ms per run by node type, then the slowest nodes (ORT names them by output).
const ort = require('onnxruntime-node');
const fs = require('fs');
const os = require('os');
const path = require('path');

function parseArgs(argv) {
  const o = { dir: null, threads: 1, runs: 30, top: 15 };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => {
      if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
      return Number(argv[++i]);
    };
    if (a === '--threads') o.threads = next();
    else if (a === '--runs') o.runs = next();
    else if (a === '--top') o.top = next();
    else if (a.startsWith('--')) throw new Error(`unknown option ${a}`);
    else o.dir = a;
  }
  if (!o.dir) throw new Error('usage: node ort_op_profile.js TWIN_DIR [--threads N] [--runs N] [--top N]');
  return o;
}

(async () => {
  const o = parseArgs(process.argv.slice(2));
  const man = fs.readFileSync(path.join(o.dir, 'MANIFEST.txt'), 'utf8');
  const shape = man.match(/^input_shape: (\S+)$/m)[1].split('x').map(Number);
  const raw = fs.readFileSync(path.join(o.dir, 'ref_input.f32'));
  const data = new Float32Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  const prefix = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ortprof-')), 'p');
  const session = await ort.InferenceSession.create(path.join(o.dir, 'model.onnx'), {
    intraOpNumThreads: o.threads, interOpNumThreads: 1, graphOptimizationLevel: 'all',
    enableProfiling: true, profileFilePrefix: prefix });
  const feeds = { [session.inputNames[0]]: new ort.Tensor('float32', data, shape) };
  const warmup = 5;
  for (let i = 0; i < warmup + o.runs; i++) await session.run(feeds);
  await session.release();  // writes the profile
  const dir = path.dirname(prefix);
  const file = fs.readdirSync(dir).find((f) => f.endsWith('.json'));
  const events = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  fs.rmSync(dir, { recursive: true });

  const nodes = new Map();  // node name -> { type, durations (us) }
  for (const e of events) {
    if (e.cat !== 'Node' || !e.name.endsWith('_kernel_time')) continue;
    const name = e.name.slice(0, -'_kernel_time'.length);
    if (!nodes.has(name)) nodes.set(name, { type: e.args.op_name, durs: [] });
    nodes.get(name).durs.push(e.dur);
  }
  const rows = [...nodes].map(([name, n]) => {
    const timed = n.durs.slice(-o.runs);
    return { name, type: n.type, ms: timed.reduce((a, b) => a + b, 0) / timed.length / 1000 };
  }).sort((a, b) => b.ms - a.ms);
  const total = rows.reduce((a, r) => a + r.ms, 0);
  console.log(`${path.basename(o.dir)}: ORT ${require('onnxruntime-node/package.json').version}, ` +
              `threads ${o.threads}, ${o.runs} runs: nodes ${total.toFixed(3)} ms/run`);
  const byType = new Map();
  for (const r of rows) byType.set(r.type, (byType.get(r.type) || 0) + r.ms);
  for (const [type, ms] of [...byType].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${type.padEnd(20)} ${ms.toFixed(3)} ms  ${(100 * ms / total).toFixed(1)}%`);
  }
  console.log('slowest nodes:');
  for (const r of rows.slice(0, o.top)) {
    console.log(`  ${r.ms.toFixed(4)} ms  ${r.type.padEnd(12)} ${r.name}`);
  }
})().catch((e) => { console.error(`ort_op_profile: ${e.message}`); process.exit(1); });
