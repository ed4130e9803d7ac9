// The page is a thin host: it reports its scroll offset, its viewport and
// the heights of the rows it renders, and places what the server's frames
// say. Every decision (which rows, where, how to keep the reader's place)
// is the server's list.
"use strict";

// Browsers lay out at most about 33,500,000 px; a million rows are longer.
// Past this height the page scrolls a shorter element: small scrolls move
// 1:1, a drag of the scroll bar maps proportionally, and the distance
// between the two coordinates is `delta` (server offset = scrollTop + delta).
const MAX_DOM_HEIGHT = 10_000_000;

const scroller = document.getElementById("scroller");
const content = document.getElementById("content");
const stickyLayer = document.getElementById("stickyLayer");
const statusLine = document.getElementById("status");
const retryBar = document.getElementById("retry");
const problems = document.getElementById("problems");

let socket = null;
let seq = 0;
let acknowledged = 0;
let busy = true;
let frames = 0;
let lastFrame = 0; // the server's number of the last frame applied
let lastScrollReport = 0; // the sequence number of the last scroll sent
let currentView = "table";
let framesSincePlaced = 0;
let contentLength = 0;
let delta = 0;
let lastScrollTop = 0;
let scrollPending = false;
const rows = new Map(); // key -> element
const measurements = new Map(); // key -> height not yet sent
let measurementPending = false;

// What the browser test reads: timings, and whether the page is idle.
const timings = { connected: null, firstRows: null, jumps: [] };
let jump = null; // { position, started }
window.hostTimings = timings;
window.hostIdle = () =>
  socket !== null && socket.readyState === WebSocket.OPEN && frames > 0 &&
  acknowledged === seq && !busy && measurements.size === 0 && !scrollPending &&
  framesSincePlaced >= 2;
window.hostDelta = () => delta;
// What the browser test sends: as a hostile page would, and as a control would.
window.hostSendRaw = (text) => socket.send(text);
window.hostSend = (message) => send(message);

function send(message) {
  if (!socket || socket.readyState !== WebSocket.OPEN) return;
  message.seq = ++seq;
  socket.send(JSON.stringify(message));
}

// MARK: - Coordinates

function domHeight() { return Math.min(contentLength, MAX_DOM_HEIGHT); }

// Where the page's scroll offset goes for a server offset that the current
// delta cannot reach: 1:1 near either end, proportional in between.
function basePosition(offset, viewport) {
  const maxTop = Math.max(0, domHeight() - viewport);
  const maxOffset = Math.max(0, contentLength - viewport);
  if (contentLength <= MAX_DOM_HEIGHT) return offset;
  if (offset < MAX_DOM_HEIGHT / 2) return offset;
  if (maxOffset - offset < MAX_DOM_HEIGHT / 2) return maxTop - (maxOffset - offset);
  return maxOffset > 0 ? offset / maxOffset * maxTop : 0;
}

// Scrolls so that the server's offset `offset` is at the top.
function moveTo(offset) {
  const viewport = scroller.clientHeight;
  const maxTop = Math.max(0, domHeight() - viewport);
  offset = Math.max(0, Math.min(offset, Math.max(0, contentLength - viewport)));
  let top = offset - delta;
  const edge = contentLength > MAX_DOM_HEIGHT ? viewport : 0;
  if (top < edge || top > maxTop - edge || contentLength <= MAX_DOM_HEIGHT) {
    top = basePosition(offset, viewport);
  }
  scroller.scrollTop = top;
  lastScrollTop = scroller.scrollTop;
  delta = offset - lastScrollTop; // absorbs the browser's rounding
}

function readScroll() {
  scrollPending = false;
  const top = scroller.scrollTop;
  // A scroll the page made itself (a correction, a jump) is not reported:
  // the server knows it.
  if (top === lastScrollTop) return;
  const viewport = scroller.clientHeight;
  if (contentLength <= MAX_DOM_HEIGHT) {
    delta = 0;
  } else if (Math.abs(top - lastScrollTop) > 2 * viewport) {
    // A drag of the scroll bar (or a key that jumps): proportional.
    const maxTop = Math.max(1, domHeight() - viewport);
    delta = top / maxTop * Math.max(0, contentLength - viewport) - top;
  } else {
    // Near an end of the shorter element while the server's offset is not
    // near its own: move the element under the reader so scrolling goes on.
    const maxTop = domHeight() - viewport;
    if ((top < viewport && delta > 0.5) ||
        (top > maxTop - viewport && Math.abs(delta - (contentLength - domHeight())) > 0.5)) {
      moveTo(top + delta);
      placeRows(lastFrameRows);
    }
  }
  lastScrollTop = scroller.scrollTop;
  send({ t: "scroll", y: scroller.scrollTop + delta, f: lastFrame });
  lastScrollReport = seq;
}

scroller.addEventListener("scroll", () => {
  if (scrollPending) return;
  scrollPending = true;
  requestAnimationFrame(readScroll);
});

// Home and End go to the ends at once. The browser animates them, and a
// correction the server sends meanwhile (a row measured on the way) sets the
// scroll offset, which ends the animation short of the end.
scroller.addEventListener("keydown", (event) => {
  if (event.key !== "Home" && event.key !== "End") return;
  event.preventDefault();
  const top = event.key === "Home" ? 0 : scroller.scrollHeight;
  scroller.scrollTo({ top, behavior: "instant" });
});

new ResizeObserver(() => {
  send({ t: "viewport", w: scroller.clientWidth, h: scroller.clientHeight });
}).observe(scroller);

// MARK: - Measurements

const rowSizes = new ResizeObserver((entries) => {
  for (const entry of entries) {
    const element = entry.target;
    if (!element.isConnected || !element.dataset.key) continue;
    const height = entry.borderBoxSize?.[0]?.blockSize ?? element.offsetHeight;
    if (Math.abs(height - element.serverHeight) < 0.01) continue;
    measurements.set(element.dataset.key, height);
  }
  if (measurements.size > 0 && !measurementPending) {
    measurementPending = true;
    queueMicrotask(sendMeasurements);
  }
});

function sendMeasurements() {
  measurementPending = false;
  if (measurements.size === 0) return;
  const batch = [];
  for (const [k, h] of measurements) batch.push({ k, h });
  measurements.clear();
  send({ t: "measure", rows: batch });
}

// MARK: - Frames

let lastFrameRows = [];

function placeRows(frameRows) {
  const seen = new Set();
  for (const row of frameRows) {
    seen.add(row.k);
    let element = rows.get(row.k);
    if (!element) {
      element = document.createElement("div");
      element.dataset.key = row.k;
      element.innerHTML = '<div class="title"></div><div class="body"></div>';
      content.appendChild(element);
      rows.set(row.k, element);
      element.serverHeight = -1;
      rowSizes.observe(element);
    }
    element.serverHeight = row.h;
    element.dataset.position = row.p;
    element.className = "row " + row.style;
    element.style.top = (row.y - delta) + "px";
    element.style.paddingLeft = (12 + 18 * (row.depth || 0)) + "px";
    element.style.visibility = row.hidden ? "hidden" : "";
    const [title, body] = element.children;
    if (title.textContent !== row.title) title.textContent = row.title;
    const text = row.body || "";
    if (body.textContent !== text) body.textContent = text;
  }
  for (const [key, element] of rows) {
    if (seen.has(key)) continue;
    rowSizes.unobserve(element);
    element.remove();
    rows.delete(key);
  }
}

// The plan's sticky header, over the rows at the top of the viewport; its
// own row stays in the list, hidden, keeping its place.
function placeSticky(header, offset) {
  if (!header) { stickyLayer.replaceChildren(); return; }
  let element = stickyLayer.firstElementChild;
  if (!element) {
    element = document.createElement("div");
    element.innerHTML = '<div class="title"></div><div class="body"></div>';
    stickyLayer.appendChild(element);
  }
  element.className = "row " + header.style;
  element.dataset.key = header.k;
  element.dataset.position = header.p;
  element.style.top = (header.y - offset) + "px";
  element.children[0].textContent = header.title;
}

function applyFrame(frame) {
  frames += 1;
  lastFrame = frame.frame;
  window.hostFrame = frame; // for the browser test
  acknowledged = Math.max(acknowledged, frame.ack);
  busy = frame.busy;
  // Where the page is, in the server's coordinates, before a shorter
  // content clamps the scroll offset: the correction applies to this.
  const offset = scroller.scrollTop + delta;
  contentLength = frame.content;
  content.style.height = domHeight() + "px";
  if (frame.view !== currentView) {
    // Another view: nothing of the last one stays, and its offset is the page's.
    currentView = frame.view;
    for (const element of rows.values()) { rowSizes.unobserve(element); element.remove(); }
    rows.clear();
    delta = 0;
    moveTo(frame.scrollTo ?? frame.offset);
    showControls();
  } else if (frame.scrollTo !== undefined) {
    moveTo(frame.scrollTo);
  } else if (frame.ack >= lastScrollReport) {
    // The server has every scroll the page made: its offset is the truth.
    if (scroller.scrollTop + delta !== frame.offset) moveTo(frame.offset);
  } else if (frame.correction || scroller.scrollTop + delta !== offset) {
    // A scroll is in flight: keep it, and move by what the server moved.
    moveTo(offset + frame.correction);
  }
  lastFrameRows = frame.rows;
  placeRows(frame.rows);
  placeSticky(frame.sticky, frame.offset);
  framesSincePlaced = 0;
  showStatus(frame);
  if (timings.firstRows === null && frame.rows.some((row) => row.style !== "placeholder")) {
    requestAnimationFrame(() => { timings.firstRows = performance.now(); });
  }
  if (jump && frame.rows.some((row) => row.p === jump.position && row.style !== "placeholder")) {
    const { position, started } = jump;
    jump = null;
    requestAnimationFrame(() => timings.jumps.push({ row: position, ms: performance.now() - started }));
  }
}

function showStatus(frame) {
  const status = frame.status || {};
  statusLine.textContent = Object.entries(status)
    .filter(([key]) => key !== "notice")
    .map(([key, value]) => `${key}: ${value}`).join(" · ");
  const failed = ["refresh", "prepend", "append"]
    .map((kind) => status[kind]).find((state) => String(state).startsWith("failed"));
  retryBar.hidden = !failed;
  if (failed) retryBar.firstElementChild.textContent = "Could not load (" + failed + ").";
  for (const refusal of frame.refusals || []) report(refusal);
}

function report(text) {
  const item = document.createElement("li");
  item.textContent = text;
  problems.prepend(item);
  while (problems.children.length > 5) problems.lastElementChild.remove();
}

function tick() {
  framesSincePlaced += 1;
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

// MARK: - Controls

function showControls() {
  for (const button of document.querySelectorAll("#views button")) {
    button.setAttribute("aria-pressed", String(button.dataset.view === currentView));
  }
  for (const controls of document.querySelectorAll("header .controls")) {
    controls.hidden = controls.dataset.view !== currentView;
  }
}
for (const button of document.querySelectorAll("#views button")) {
  button.addEventListener("click", () => send({ t: "view", name: button.dataset.view }));
}
document.getElementById("goToMessage").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ t: "goToMessage", id: event.target.id.value.trim() });
});
content.addEventListener("click", (event) => {
  const row = event.target.closest(".row.folder");
  if (row) send({ t: "toggle", id: row.dataset.key });
});
document.getElementById("applyChanges").addEventListener("click", () => send({ t: "applyChanges" }));
document.getElementById("receive").addEventListener("click", () => send({ t: "receive" }));
document.getElementById("loadOlder").addEventListener("click", () => send({ t: "loadOlder" }));

document.getElementById("goToRow").addEventListener("submit", (event) => {
  event.preventDefault();
  const row = Number(event.target.row.value);
  jump = { position: row, started: performance.now() };
  send({ t: "goToRow", row });
});
document.getElementById("goToID").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ t: "goToID", id: event.target.id.value.trim() });
});
document.getElementById("source").addEventListener("change", (event) => {
  send({ t: "source", name: event.target.value });
});
document.getElementById("insertAtTop").addEventListener("click", () => send({ t: "insertAtTop" }));
document.getElementById("fail").addEventListener("change", (event) => {
  send({ t: "fail", on: event.target.checked });
});
retryBar.querySelector("button").addEventListener("click", () => send({ t: "retry" }));

// MARK: - Connection

function connect() {
  socket = new WebSocket(`ws://${location.host}/socket`);
  socket.addEventListener("open", () => {
    if (timings.connected === null) timings.connected = performance.now();
    send({ t: "viewport", w: scroller.clientWidth, h: scroller.clientHeight });
  });
  socket.addEventListener("message", (event) => {
    let frame;
    try {
      frame = JSON.parse(event.data);
    } catch {
      report("a frame that is not JSON");
      return;
    }
    if (frame.t === "frame") applyFrame(frame);
  });
  socket.addEventListener("close", (event) => {
    report(`disconnected (${event.code}${event.reason ? ": " + event.reason : ""})`);
  });
}
connect();
