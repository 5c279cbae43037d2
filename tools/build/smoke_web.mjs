// Plays the built site in headless Chromium for tools/build/smoke_web.py (which starts it):
//
//   node tools/build/smoke_web.mjs <job.json>
//
// The job: {"chromium", "node_modules", "url", "timeout_ms", "step_timeout_ms", "artifacts",
// "mirror_roots" and "mirror" (optional: requests below one of those addresses are answered
// from the mirror folder, laid out as the CDN), "plan": [steps]}. It opens the page, follows the loading
// page's start-up watch (window.strategos_watch), clicks "Take command" when the page waits
// for it, waits for the game's first frame, then runs the plan against the snapshot the client
// publishes (window.strategos_probe, web/probe.py), clicking on the canvas where it says.
// Prints one JSON line: {"reached": [stages], "stopped": null | {"stage", "why", "failure"},
// "probe", "console", "page_errors", "mirror_missing", "shots"}.
import { readFile, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const job = JSON.parse(await readFile(process.argv[2], "utf8"));
const require = createRequire(path.join(path.resolve(job.node_modules), "noop.js"));
const { chromium } = require("playwright-core");

const report = {
    reached: [], stopped: null, probe: null, console: [], page_errors: [],
    mirror_missing: [], shots: [],
};
const TYPES = { ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json",
    ".py": "text/plain", ".data": "application/octet-stream", ".whl": "application/zip" };

const browser = await chromium.launch({
    executablePath: job.chromium,
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"],
});
const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, locale: "en-US" });
const page = await context.newPage();
page.on("console", (msg) => report.console.push(`[${msg.type()}] ${msg.text()}`.slice(0, 500)));
page.on("pageerror", (error) => report.page_errors.push(String(error).slice(0, 500)));
page.on("dialog", (dialog) => dialog.accept().catch(() => {}));

if (job.mirror) {
    // The runtime from a folder in place of the CDN the page names (tools/build/mirror_runtime.py
    // lays it out so): the same site that is deployed, no rebuild.
    const rootOf = (href) => job.mirror_roots.find((root) => href.startsWith(root));
    await context.route((url) => !!rootOf(url.href), async (route) => {
        const href = route.request().url();
        const rel = decodeURIComponent(new URL(href).pathname)
            .slice(decodeURIComponent(new URL(rootOf(href)).pathname).length);
        const file = path.join(job.mirror, rel);
        const headers = { "Access-Control-Allow-Origin": "*" };
        if (rel.includes("..") || !(await stat(file).then((s) => s.isFile(), () => false))) {
            report.mirror_missing.push(rel);
            await route.fulfill({ status: 404, headers, body: "not in the mirror" });
            return;
        }
        headers["Content-Type"] = TYPES[path.extname(file)] || "application/octet-stream";
        await route.fulfill({ status: 200, headers, path: file });
    });
}

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
const reach = (stage) => { if (!report.reached.includes(stage)) report.reached.push(stage); };
class Stop extends Error {
    constructor(stage, why, failure = null) { super(why); this.stage = stage; this.failure = failure; }
}

async function shot(name) {
    const file = path.join(job.artifacts, `smoke-${name}.png`);
    await page.screenshot({ path: file });
    report.shots.push(file);
}

function pageState() {
    const watch = window.strategos_watch || {};
    const loader = document.getElementById("loader");
    return {
        part: watch.part || null,
        failure: watch.failure || null,
        finished: !!watch.finished,
        ready: !!(loader && loader.classList.contains("ready")),
        probe: window.strategos_probe || null,
    };
}

// --- the loading page, up to the game's first frame -----------------------------------------
async function load() {
    await page.goto(job.url, { waitUntil: "domcontentloaded" });
    reach("page");
    const deadline = Date.now() + job.timeout_ms;
    let clicked = false;
    while (Date.now() < deadline) {
        const state = await page.evaluate(pageState);
        if (report.console.some((line) => line.includes("Loading python interpreter from"))) reach("loader");
        if (state.part && state.part !== "runtime") reach("runtime");
        if (state.part === "start") reach("archive");
        if (state.failure) {
            throw new Stop(nextStage(), "the loading page reports a failure", state.failure);
        }
        if (state.ready && !clicked) {
            reach("ready");
            await shot("ready");
            await page.click("#loader-begin", { timeout: 5000, force: true });
            clicked = true;
        }
        if (state.finished) {
            reach("first_frame");
            return;
        }
        await sleep(250);
    }
    throw new Stop(nextStage(), `no first frame within ${job.timeout_ms / 1000} s`);
}

const STAGES = ["page", "loader", "runtime", "archive", "ready", "first_frame", "title",
    "new_game", "match", "action"];
function nextStage() {
    return STAGES.find((stage) => !report.reached.includes(stage)) || "done";
}

// --- the plan, against the client's snapshot ------------------------------------------------
async function probe() {
    const text = await page.evaluate(() => window.strategos_probe || null);
    report.probe = text ? JSON.parse(text) : null;
    return report.probe;
}

async function until(what, test) {
    const deadline = Date.now() + job.step_timeout_ms;
    let last = null;
    while (Date.now() < deadline) {
        last = await probe();
        if (last && test(last)) return last;
        await sleep(200);
    }
    const seen = last ? `${last.scene}, frame ${last.frames}` : "no snapshot from the client";
    throw new Stop(nextStage(), `${what} did not come within ${job.step_timeout_ms / 1000} s (last seen: ${seen})`);
}

async function clickButton(shown, tag) {
    const button = shown.buttons[tag];
    if (!button) throw new Stop(nextStage(), `no button "${tag}" on ${shown.scene}`);
    const box = await page.evaluate(() => {
        const r = document.getElementById("canvas").getBoundingClientRect();
        return { left: r.left, top: r.top, width: r.width, height: r.height };
    });
    const [w, h] = shown.canvas;
    await page.mouse.click(box.left + (button.x * box.width) / w, box.top + (button.y * box.height) / h);
}

async function runStep(step) {
    const matches = (shown) => shown.scene === step.scene;
    if (step.do === "wait") {
        await until(step.scene, (shown) => matches(shown) && (!step.prompt || (shown.match
            && shown.match.prompt === step.prompt && shown.match.to_act === shown.match.viewer)));
    } else if (step.do === "click") {
        const shown = await until(`"${step.tag}" on ${step.scene}`, (s) => matches(s) && s.buttons[step.tag]);
        await clickButton(shown, step.tag);
    } else if (step.do === "click_until_label") {
        for (let i = 0; i <= step.max; i += 1) {
            const shown = await until(`"${step.tag}" on ${step.scene}`, (s) => matches(s) && s.buttons[step.tag]);
            const label = shown.buttons[step.tag].label;
            if (label === step.label) return;
            if (i === step.max) break;
            await clickButton(shown, step.tag);
            await until(`a new label on "${step.tag}"`, (s) => matches(s) && s.buttons[step.tag]
                && s.buttons[step.tag].label !== label);
        }
        throw new Stop(nextStage(), `"${step.tag}" never read "${step.label}"`);
    } else if (step.do === "click_action") {
        const shown = await until(`"${step.tag}" on ${step.scene}`, (s) => matches(s) && s.match && s.buttons[step.tag]);
        const before = shown.match.actions;
        await clickButton(shown, step.tag);
        await until("the action of the click", (s) => s.match && s.match.actions > before);
    } else {
        throw new Error(`unknown step ${JSON.stringify(step)}`);
    }
    if (step.reach) reach(step.reach);
}

let code = 0;
try {
    await load();
    for (const step of job.plan) {
        await runStep(step);
        if (step.shot) await shot(step.shot);
    }
} catch (error) {
    if (error instanceof Stop) {
        report.stopped = { stage: error.stage, why: error.message, failure: error.failure };
    } else {
        report.stopped = { stage: nextStage(), why: String((error && error.stack) || error), failure: null };
        code = 1;
    }
    await shot("stopped").catch(() => {});
} finally {
    await browser.close();
}
process.stdout.write(JSON.stringify(report) + "\n");
process.exit(code);
