// The page is a thin host: it reports its scroll offset, its viewport and
// the heights of the rows it renders, and places what the server's frames
// say. Every decision (which rows, where, how to keep the reader's place)
// is the server's list.
"use strict";

// Browsers lay out at most about 33,500,000 px; a million rows are longer.
// Past this height the page scrolls a shorter element and maps it
// proportionally, so the scroll bar's thumb always shows where the reader
// is: `delta` is the distance between the two coordinates (server offset =
// scrollTop + delta). The page moves by the wheel and the keys itself, by
// exactly the amount asked for; a scroll the browser makes (a drag of the
// thumb) is read proportionally, and a touch's 1:1.
const MAX_DOM_HEIGHT = 10_000_000;
// Page Down and Page Up keep an eighth of the view in sight, as browsers do.
const PAGE_FRACTION = 0.875;
const LINE = 40;

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
let scrollPending = false; // input since the last report
let reportedOffset = 0; // where the server takes the page to be
let lastTouch = -Infinity; // when a touch last moved the scroller
// A scroll past the rows the page has: sent at once, and made when the
// server's frame brings the rows, so that no frame shows an empty view.
let pendingTarget = null;
let dataCount = 0; // the rows in the list, for where its end is
const rows = new Map(); // key -> element
const measurements = new Map(); // key -> height not yet sent
let measurementPending = false;
// `?report=window`: after every frame, the height of every row of the
// window, unchanged ones included, as a UIKit host reading `visibleCells`
// reports them; by default only the heights that changed.
const reportWholeWindow = new URLSearchParams(location.search).get("report") === "window";
let lastWindowReport = "";
// The rows on screen before the reader last moved: the server's engine
// keeps them in place while the rows entering are measured.
let readKeys = new Set();

// What the browser test reads: timings, whether the page is idle, and a
// record of every frame it paints.
const timings = { connected: null, firstRows: null, jumps: [] };
let jump = null; // { position, started }
let input = 0; // scroll input applied, px, in total
let corrections = 0; // the server's corrections applied, px, in total
let recording = null;
window.hostTimings = timings;
window.hostIdle = () =>
  socket !== null && socket.readyState === WebSocket.OPEN && frames > 0 &&
  acknowledged === seq && !busy && measurements.size === 0 && !scrollPending &&
  pendingTarget === null && framesSincePlaced >= 2;
window.hostDelta = () => delta;
window.hostOffset = () => offsetNow();
window.hostMotion = () => ({ input, corrections });
window.hostRecord = (on) => {
  const frames = recording;
  recording = on ? [] : null;
  return frames;
};
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
function oversized() { return contentLength > MAX_DOM_HEIGHT; }
function offsetNow() { return scroller.scrollTop + delta; }
function maxOffset() { return Math.max(0, contentLength - scroller.clientHeight); }
function clampOffset(offset) { return Math.max(0, Math.min(offset, maxOffset())); }

// Scrolls so that the server's offset `offset` is at the top, with the
// thumb where the offset is along the content.
function moveTo(offset) {
  const viewport = scroller.clientHeight;
  const maxTop = Math.max(0, domHeight() - viewport);
  offset = clampOffset(offset);
  const top = oversized() ? (maxOffset() > 0 ? offset / maxOffset() * maxTop : 0) : offset;
  scroller.scrollTop = top;
  lastScrollTop = scroller.scrollTop;
  delta = offset - lastScrollTop; // absorbs the browser's rounding
}

// Input the page applies itself: the wheel and the keys move the content by
// exactly `dy`, or to an end; at once where the page has the rows, else
// with the frame that brings them.
function scrollByInput(dy) {
  const from = pendingTarget ?? offsetNow();
  const target = clampOffset(from + dy);
  if (pendingTarget === null && covers(target)) {
    moveTo(target);
    input += offsetNow() - from;
    positionRows();
    scheduleReport();
    return;
  }
  pendingTarget = target;
  noteRead(reportedOffset);
  reportedOffset = target;
  send({ t: "scroll", y: target, f: lastFrame });
  lastScrollReport = seq;
}

// Whether the rows the page has fill the viewport at `offset`.
function covers(offset) {
  if (ordered.length === 0) return false;
  const first = ordered[0], last = ordered[ordered.length - 1];
  const bottom = offset + scroller.clientHeight;
  const toEnd = Number(last.dataset.position) === dataCount - 1;
  return first.y <= offset + 0.5 && (toEnd || last.y + last.h >= bottom - 0.5);
}

function scheduleReport() {
  if (scrollPending) return;
  scrollPending = true;
  requestAnimationFrame(readScroll);
}

// A scroll the browser made: a drag of the thumb (proportional), a touch
// (1:1), or the page's own move (nothing to do). Then the report.
function readScroll() {
  if (!scrollPending) return;
  scrollPending = false;
  const top = scroller.scrollTop;
  if (top !== lastScrollTop) {
    const touch = performance.now() - lastTouch < 300;
    if (oversized() && !touch) {
      const maxTop = Math.max(1, domHeight() - scroller.clientHeight);
      delta = top / maxTop * maxOffset() - top;
    } else if (!oversized()) {
      delta = 0;
    }
    lastScrollTop = top;
    positionRows();
  }
  if (offsetNow() === reportedOffset) return;
  noteRead(reportedOffset);
  reportedOffset = offsetNow();
  send({ t: "scroll", y: reportedOffset, f: lastFrame });
  lastScrollReport = seq;
}

scroller.addEventListener("scroll", () => {
  if (scroller.scrollTop !== lastScrollTop) scheduleReport();
});
scroller.addEventListener("touchmove", () => { lastTouch = performance.now(); }, { passive: true });
scroller.addEventListener("touchend", () => {
  lastTouch = performance.now();
  if (oversized()) requestAnimationFrame(() => moveTo(offsetNow()));
}, { passive: true });

scroller.addEventListener("wheel", (event) => {
  if (event.ctrlKey) return; // the browser's zoom
  event.preventDefault();
  const unit = event.deltaMode === 1 ? LINE : event.deltaMode === 2 ? scroller.clientHeight : 1;
  scrollByInput(event.deltaY * unit);
}, { passive: false });

// The keys move by what they say, at once: the browser would animate them,
// and a correction the server sends meanwhile would end the animation short.
// End asks the server for the last row, which it keeps in view as the rows
// there are measured.
scroller.addEventListener("keydown", (event) => {
  const page = Math.max(1, scroller.clientHeight * PAGE_FRACTION);
  const steps = {
    PageDown: page, PageUp: -page, ArrowDown: LINE, ArrowUp: -LINE,
    " ": event.shiftKey ? -page : page,
  };
  if (event.key === "End") {
    event.preventDefault();
    send({ t: "end" });
  } else if (event.key === "Home") {
    event.preventDefault();
    scrollByInput(-Infinity);
  } else if (event.key in steps) {
    event.preventDefault();
    scrollByInput(steps[event.key]);
  }
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

// The rows on screen at `offset` by the server's frames: what the reader
// reads before a scroll from there.
function noteRead(offset) {
  readKeys = new Set(ordered.filter((element) =>
    element.serverY + element.serverHeight > offset &&
    element.serverY < offset + scroller.clientHeight).map((element) => element.dataset.key));
}

// Every row's height, unchanged ones included, once per arrangement of the
// window (the server answers an unchanged report with the same frame).
function reportWindow() {
  const heights = ordered.map((element) => [element.dataset.key, element.getBoundingClientRect().height]);
  const report = offsetNow() + "|" + heights.map(([key, height]) => key + ":" + height).join(",");
  if (report === lastWindowReport) return;
  lastWindowReport = report;
  for (const [key, height] of heights) measurements.set(key, height);
  if (!measurementPending) {
    measurementPending = true;
    queueMicrotask(sendMeasurements);
  }
}

function sendMeasurements() {
  measurementPending = false;
  if (measurements.size === 0) return;
  const batch = [];
  for (const [k, h] of measurements) batch.push({ k, h });
  measurements.clear();
  send({ t: "measure", rows: batch });
}

// MARK: - Frames

let ordered = []; // the rows' elements, by position

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
    element.serverY = row.y;
    element.serverHeight = row.h;
    element.dataset.position = row.p;
    element.className = "row " + row.style;
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
  ordered = [...rows.values()].sort((a, b) => a.dataset.position - b.dataset.position);
  stack();
  if (reportWholeWindow) reportWindow();
}

// Places the rows where the server will put them once it has their
// heights, before the browser paints: rows whose height differs from the
// server's are laid out around the row the server keeps in place, by
// `Anchoring`'s rule for measurements. No frame shows rows overlapping, or
// a gap at the top, while heights travel to the server and back.
function stack() {
  const heights = ordered.map((element) => element.getBoundingClientRect().height);
  const anchor = keptEdge(heights);
  ordered.forEach((element, i) => {
    element.y = element.serverY;
    element.h = heights[i];
  });
  if (anchor) {
    const { index, top } = anchor;
    ordered[index].y = top;
    for (let i = index + 1; i < ordered.length; i++) {
      const gap = ordered[i].serverY - ordered[i - 1].serverY - ordered[i - 1].serverHeight;
      ordered[i].y = ordered[i - 1].y + heights[i - 1] + gap;
    }
    for (let i = index - 1; i >= 0; i--) {
      const gap = ordered[i + 1].serverY - ordered[i].serverY - ordered[i].serverHeight;
      ordered[i].y = ordered[i + 1].y - gap - heights[i];
    }
  }
  positionRows();
}

// The row whose edge keeps its place, and that edge's offset, as the
// server's engine chooses it (see `Anchoring`): the first visible row if it
// starts at the top (or the content does) and is read, not entering; else
// the first visible row read before the last scroll whose height is known,
// or any with its height known; else the first visible row's bottom edge.
function keptEdge(heights) {
  const changed = (i) => Math.abs(heights[i] - ordered[i].serverHeight) >= 0.01;
  if (!ordered.some((_, i) => changed(i))) return null;
  const offset = offsetNow();
  const visible = [];
  ordered.forEach((element, i) => {
    if (element.serverY + element.serverHeight > offset &&
        element.serverY < offset + scroller.clientHeight) visible.push(i);
  });
  if (visible.length === 0) return null;
  const first = visible[0];
  const read = (i) => readKeys.has(ordered[i].dataset.key);
  const entering = visible.some(read) && !read(first) && changed(first);
  if (offset <= 0 || (ordered[first].serverY >= offset - 1e-6 && !entering)) {
    return { index: first, top: ordered[first].serverY };
  }
  const kept = visible.find((i) => read(i) && !changed(i)) ?? visible.find((i) => !changed(i));
  if (kept !== undefined) return { index: kept, top: ordered[kept].serverY };
  const bottom = ordered[first].serverY + ordered[first].serverHeight;
  return { index: first, top: bottom - heights[first] };
}

function positionRows() {
  for (const element of ordered) element.style.top = (element.y - delta) + "px";
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
  const offset = offsetNow();
  contentLength = frame.content;
  dataCount = frame.count;
  content.style.height = domHeight() + "px";
  let target;
  if (frame.view !== currentView) {
    // Another view: nothing of the last one stays, and its offset is the page's.
    currentView = frame.view;
    // Rows that drag select no text: a press on selected text would start
    // the browser's own drag of it instead.
    content.classList.toggle("reorderable", ["files", "sections"].includes(currentView));
    for (const element of rows.values()) { rowSizes.unobserve(element); element.remove(); }
    rows.clear();
    target = reportedOffset = frame.scrollTo ?? frame.offset;
    pendingTarget = null;
    showControls();
  } else if (frame.scrollTo !== undefined) {
    target = reportedOffset = frame.scrollTo;
    pendingTarget = null;
  } else if (frame.ack >= lastScrollReport && !scrollPending) {
    // The server has every scroll the page made: its offset is the truth.
    target = reportedOffset = frame.offset;
    corrections += frame.correction;
    if (pendingTarget !== null) input += pendingTarget - offset;
    pendingTarget = null;
  } else {
    // A scroll is in flight: keep it, and move by what the server moved
    // (it moves the offset it was sent by the same amount).
    target = offset + frame.correction;
    reportedOffset += frame.correction;
    corrections += frame.correction;
    if (pendingTarget !== null) pendingTarget += frame.correction;
  }
  // Always, so that the thumb follows a new content length too.
  moveTo(target);
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

// Each frame: the input of the frame first, then, when the browser test
// asks, what is painted (the rows on screen, where), with the input and the
// corrections applied so far.
function tick() {
  framesSincePlaced += 1;
  readScroll();
  if (recording && recording.length < 20_000) record();
  requestAnimationFrame(tick);
}

function record() {
  const top = scroller.getBoundingClientRect().top;
  const bottom = top + scroller.clientHeight;
  const shown = [];
  for (const element of ordered) {
    const r = element.getBoundingClientRect();
    if (r.bottom <= top + 0.5 || r.top >= bottom - 0.5) continue;
    shown.push([element.dataset.key, Number(element.dataset.position), r.top - top, r.bottom - top]);
  }
  recording.push({
    offset: offsetNow(), input, corrections, viewport: scroller.clientHeight,
    content: contentLength, rows: shown,
  });
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
// A drag of a row onto another, with the pointer (a mouse, a pen, a
// finger held still): the server decides what the drop means. A press that
// moves less than a few pixels is a click.
let drag = null;
let dragged = false;
content.addEventListener("pointerdown", (event) => {
  const row = event.target.closest(".row");
  if (!row || event.button !== 0 || !content.classList.contains("reorderable")) return;
  drag = { key: row.dataset.key, x: event.clientX, y: event.clientY, row, over: null };
});
document.addEventListener("pointermove", (event) => {
  if (!drag) return;
  if (!drag.row.classList.contains("dragging")) {
    if (Math.hypot(event.clientX - drag.x, event.clientY - drag.y) < 5) return;
    drag.row.classList.add("dragging");
  }
  const over = document.elementFromPoint(event.clientX, event.clientY)?.closest(".row") || null;
  if (over === drag.over) return;
  drag.over?.classList.remove("dropTarget");
  drag.over = over && over !== drag.row ? over : null;
  drag.over?.classList.add("dropTarget");
});
document.addEventListener("pointerup", () => {
  if (!drag) return;
  const { row, over, key } = drag;
  drag = null;
  if (!row.classList.contains("dragging")) return;
  row.classList.remove("dragging");
  over?.classList.remove("dropTarget");
  // The click this release makes, if any, comes before the next task.
  dragged = true;
  setTimeout(() => { dragged = false; }, 0);
  if (over) send({ t: "drag", id: key, to: over.dataset.key });
});
content.addEventListener("click", (event) => {
  // The click that ends a drag is not a toggle.
  if (dragged) {
    dragged = false;
    return;
  }
  const row = event.target.closest(".row.folder");
  if (row) send({ t: "toggle", id: row.dataset.key });
});
document.getElementById("applyChanges").addEventListener("click", () => send({ t: "applyChanges" }));
document.getElementById("receive").addEventListener("click", () => send({ t: "receive" }));
document.getElementById("ask").addEventListener("submit", (event) => {
  event.preventDefault();
  send({ t: "ask", text: event.target.text.value });
  event.target.text.value = "";
});
document.getElementById("loadOlder").addEventListener("click", () => send({ t: "loadOlder" }));

document.getElementById("goToRow").addEventListener("submit", (event) => {
  event.preventDefault();
  // Rows are numbered from 1, as their labels are.
  const row = Number(event.target.row.value);
  jump = { position: row - 1, started: performance.now() };
  noteRead(reportedOffset);
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
