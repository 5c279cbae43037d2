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
// Only the test server is reachable: every request to another origin is aborted. Console
// output of the pages goes to stderr. Ends when stdin closes.
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
                const result = request.open
                    ? await openAndEvaluate(request)
                    : await page.evaluate((code) => window.runPython(code), request.code);
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
