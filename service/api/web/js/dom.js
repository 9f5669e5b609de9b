// Tiny DOM and SVG builders (no framework).

const SVG_NS = "http://www.w3.org/2000/svg";

/** h("div.cls#id", {attrs}, ...children): an HTML element. */
export function h(tag, attrs, ...children) {
  const [name, ...rest] = tag.split(/(?=[.#])/);
  const el = document.createElement(name);
  for (const part of rest) {
    if (part[0] === ".") el.classList.add(part.slice(1));
    else el.id = part.slice(1);
  }
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** s("rect", {attrs}, ...children): an SVG element. */
export function s(tag, attrs, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

function setAttrs(el, attrs) {
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
}

/** An SVG canvas of the given size that scales to its container. */
export function svg(width, height, label, ...children) {
  const el = s("svg", { viewBox: `0 0 ${width} ${height}`, role: "group", "aria-label": label,
                        class: "board", preserveAspectRatio: "xMidYMin meet" }, ...children);
  el.style.minWidth = width + "px"; // never drawn smaller than its natural size: text stays ≥ 12 px
  el.style.maxWidth = Math.round(width * 1.25) + "px";
  return el;
}

/** A card drawn as a rounded rectangle with up to three lines of text. */
export function card(x, y, lines, { w = 70, h: ht = 96, fill = "#fdfaf0", dataCard, title, cls } = {}) {
  const g = s("g", { class: "card " + (cls || ""), "data-card": dataCard },
    s("rect", { x, y, width: w, height: ht, rx: 6, fill, stroke: "#333" }));
  if (title) g.append(s("title", { text: title }));
  lines.forEach((line, i) => {
    g.append(s("text", { x: x + w / 2, y: y + 22 + i * 22, "text-anchor": "middle",
                          class: i === 0 ? "big" : "small", text: line }));
  });
  return g;
}

/** A face-down card. */
export function back(x, y, { w = 70, h: ht = 96, label = "?" } = {}) {
  return s("g", { class: "card back" },
    s("rect", { x, y, width: w, height: ht, rx: 6, fill: "#2d4a6b", stroke: "#111" }),
    s("rect", { x: x + 5, y: y + 5, width: w - 10, height: ht - 10, rx: 4, fill: "none", stroke: "#8fb0d6", "stroke-dasharray": "3 3" }),
    s("text", { x: x + w / 2, y: y + ht / 2 + 6, "text-anchor": "middle", fill: "#fff", text: label }));
}

export function label(x, y, text, cls = "lbl") {
  return s("text", { x, y, class: cls, text });
}

/** Phone width: the tables draw themselves in a narrower arrangement (hands under the guards,
 * cards wrapped in shorter rows) rather than shrinking their text. */
export function narrow() {
  return window.innerWidth < 720;
}

export function showError(message) {
  const box = document.getElementById("error");
  if (!message) { box.hidden = true; box.textContent = ""; return; }
  box.textContent = message;
  box.hidden = false;
}
