// The JavaScript port timed on the ports benchmark's class files: one line
// per class, as PortsBenchmark.swift describes. Usage: node time.mjs <folder>
import { readFileSync } from "node:fs";
import { makeBody } from "../../ports/javascript/src/notification-body.js";

const CLASSES = ["short", "typical", "16KB-limit-256", "16KB-limit-4096"];

function read(path) {
  const data = readFileSync(path);
  let at = data.indexOf(10);
  const limit = Number(data.subarray(6, at).toString("latin1"));
  const messages = [];
  at += 1;
  while (at < data.length) {
    const line = data.indexOf(10, at);
    const count = Number(data.subarray(at, line).toString("latin1"));
    messages.push(data.subarray(line + 1, line + 1 + count).toString("utf8"));
    at = line + 1 + count;
  }
  return { limit, messages };
}

const cpu = () => { const { user, system } = process.cpuUsage(); return (user + system) * 1000; };
const wall = () => Number(process.hrtime.bigint());

for (const name of CLASSES) {
  const { limit, messages } = read(`${process.argv[2]}/${name}.msgs`);
  const pass = () => {
    let units = 0;
    for (const message of messages) units += makeBody(message, limit).length;
    return units;
  };
  // Warm-up: the JIT's tiers settle within a few passes.
  const warm = cpu();
  while (cpu() - warm < 300e6) pass();
  let units = 0, passes = 0;
  const cpuStart = cpu(), wallStart = wall();
  do { units = pass(); passes += 1; } while (cpu() - cpuStart < 500e6);
  const calls = passes * messages.length;
  console.log(name, ((cpu() - cpuStart) / calls).toFixed(1), ((wall() - wallStart) / calls).toFixed(1), units);
}
