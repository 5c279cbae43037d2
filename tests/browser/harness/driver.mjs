// Drives headless Chromium for tests/browser/test_wasm.py.
//
//   node driver.mjs <page url> <chromium executable> <node_modules folder>
//
// Opens the page, waits until Pyodide and the bundle are loaded, prints one JSON line
// {"id": "ready", ...}, then reads requests from stdin, one JSON per line, and answers each
// with {"id", "ok", "result" | "error"}:
//   {"id", "code"}                         run Python in the page's Pyodide (result: a string)
//   {"id", "open", "eval", "screenshot"}   open another page of the same server, run the JS
//                                          expression "eval" there, optionally save a PNG
//   {"id", "code", "download": true}       run Python that starts a download, wait for it
//                                          (result: JSON {"value": what the Python returned,
//                                          "filename": the suggested name, "content": the
//                                          file's text, read as UTF-8})
//   {"id", "code", "choose": {"name", "mimeType", "text"}}
//                                          run Python that opens a file chooser and answer it
//                                          with that one file (result: JSON {"value",
//                                          "multiple", "accept": the input's accept attribute})
// A download or file chooser that does not come within 15 s is an error.
// Only the test server is reachable: every request to another origin is aborted. Console
// output of the pages goes to stderr. Ends when stdin closes.
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import readline from "node:readline";

const [url, executablePath, nodeModules] = process.argv.slice(2);
const require = createRequire(path.join(path.resolve(nodeModules), "noop.js"));
const { chromium } = require("playwright-core");

const send = (message) => process.stdout.write(JSON.stringify(message) + "\n");

const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
    ],
});
const origin = new URL(url).origin;
const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
await context.route("**/*", (route) =>
    route.request().url().startsWith(origin + "/") ? route.continue() : route.abort());

async function openAndEvaluate(request) {
    const other = await context.newPage();
    try {
        other.on("console", (msg) => process.stderr.write(`[${request.open} ${msg.type()}] ${msg.text()}\n`));
        await other.goto(new URL(request.open, url).href, { waitUntil: "domcontentloaded" });
        const result = request.eval ? await other.evaluate(request.eval) : null;
        if (request.screenshot) {
            await other.waitForTimeout(800);  // let the loading screen's transitions settle
            await other.screenshot({ path: request.screenshot });
        }
        return JSON.stringify(result);
    } finally {
        await other.close();
    }
}

const runPython = (page, code) => page.evaluate((c) => window.runPython(c), code);

// Runs Python while waiting for a page event it causes: the wait starts first, as Playwright
// asks, so that the event cannot fire before anyone listens (for "filechooser" the listener
// is also what makes Chromium hand the chooser to Playwright instead of showing a dialog).
async function runPythonAwaiting(page, event, code) {
    const waiting = page.waitForEvent(event, { timeout: 15000 });
    waiting.catch(() => {});  // when the Python fails, report its error, not a later timeout
    const value = await runPython(page, code);
    return [value, await waiting];
}

async function runPythonDownloading(page, code) {
    const [value, download] = await runPythonAwaiting(page, "download", code);
    const file = await download.path();  // resolves once the download has finished
    const content = await readFile(file, "utf8");
    await download.delete();
    return JSON.stringify({ value, filename: download.suggestedFilename(), content });
}

async function runPythonChoosing(page, code, { name, mimeType, text }) {
    const [value, chooser] = await runPythonAwaiting(page, "filechooser", code);
    const accept = await chooser.element().getAttribute("accept");
    await chooser.setFiles({ name, mimeType, buffer: Buffer.from(text, "utf8") });
    return JSON.stringify({ value, multiple: chooser.isMultiple(), accept });
}

async function answer(page, request) {
    if (request.open) return openAndEvaluate(request);
    if (request.download) return runPythonDownloading(page, request.code);
    if (request.choose) return runPythonChoosing(page, request.code, request.choose);
    return runPython(page, request.code);
}

let exitCode = 0;
try {
    const page = await context.newPage();
    page.on("console", (msg) => process.stderr.write(`[page ${msg.type()}] ${msg.text()}\n`));
    page.on("pageerror", (err) => process.stderr.write(`[page error] ${err}\n`));
    await page.goto(url);
    await page.waitForFunction(() => window.harness !== undefined, null, { timeout: 180000 });
    const info = await page.evaluate(() => window.harness);
    info.browser = browser.version();
    send({ id: "ready", ...info });
    if (!info.ready) {
        exitCode = 2;
    } else {
        const lines = readline.createInterface({ input: process.stdin, terminal: false });
        for await (const line of lines) {
            if (!line.trim()) continue;
            const request = JSON.parse(line);
            try {
                const result = await answer(page, request);
                send({ id: request.id, ok: true, result });
            } catch (error) {
                send({ id: request.id, ok: false, error: String((error && error.message) || error) });
            }
        }
    }
} catch (error) {
    send({ id: "ready", ready: false, error: String((error && error.stack) || error) });
    exitCode = 1;
} finally {
    await browser.close();
}
process.exit(exitCode);
