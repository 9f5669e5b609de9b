// Choosing a move by clicking what it is about. Each choice of the view (`choices[i]`, one per
// legal action, same order) names the cards, cells, seats... it involves (`refs`); the table
// draws those things with `data-ref` keys. A click selects; when the selection fits exactly one
// move it is played at once, otherwise the moves that fit are offered as labelled buttons (the
// confirm step) and the things that would narrow them are highlighted. Moves that name nothing
// drawn (pass, end turn, vote...) are plain labelled buttons. A click on something no move can
// use is explained in words.

import { h } from "./dom.js";

/** The data-ref key of a ref: "card:8", "cell:2:3" (1-based), "slot:1:0", "line:4", ... */
export function refKey(ref) {
  switch (ref.kind) {
    case "cell": return `cell:${ref.line}:${ref.depth}`;
    case "slot": return `slot:${ref.seat}:${ref.slot}`;
    case "market": return `market:${ref.slot}`;
    case "line": return `line:${ref.line}`;
    case "seat": return `seat:${ref.seat}`;
    default: return `${ref.kind}:${ref.id}`;
  }
}

export class Picker {
  /** `board`: the element the table is drawn in; `panel`: where the offered moves go;
   * `act(index, button)`: plays choice `index`; `explain(words)`: says why a click did nothing. */
  constructor(board, panel, { act, explain, decorate }) {
    Object.assign(this, { board, panel, act, explain, decorate });
    this.choices = [];
    this.keys = [];
    this.sel = [];
    this.enabled = false;
    board.addEventListener("click", (ev) => this.onClick(ev));
    board.addEventListener("keydown", (ev) => {
      if ((ev.key === "Enter" || ev.key === " ") && ev.target.closest("[data-ref]")) { ev.preventDefault(); this.onClick(ev); }
    });
  }

  /** A new view: its choices (possibly none), and whether this page may act (a seat to move). */
  update(choices, waiting) {
    this.choices = choices || [];
    this.keys = this.choices.map((c) => new Set((c.refs || []).map(refKey)));
    this.waiting = waiting;
    this.sel = [];
    this.draw();
  }

  present(key) {
    return !!this.board.querySelector(`[data-ref="${CSS.escape(key)}"]`);
  }

  fits(sel) {
    return this.choices.map((c, i) => i).filter((i) => sel.every((k) => this.keys[i].has(k)));
  }

  onClick(ev) {
    const el = ev.target.closest && ev.target.closest("[data-ref]");
    if (!el || !this.board.contains(el)) return;
    const key = el.getAttribute("data-ref");
    const name = el.getAttribute("aria-label") || "that";
    if (!this.choices.length) { this.explain(this.waiting || "There is nothing to decide now."); return; }
    if (this.sel.includes(key)) {
      this.sel = this.sel.filter((k) => k !== key);
    } else if (this.fits([...this.sel, key]).length) {
      this.sel.push(key);
    } else if (this.fits([key]).length) {
      this.sel = [key];
    } else {
      this.explain(`${name.charAt(0).toUpperCase() + name.slice(1)}: no move can use it now.`);
      return;
    }
    this.explain("");
    const fit = this.fits(this.sel);
    const exact = fit.filter((i) => this.keys[i].size === new Set(this.sel).size);
    if (fit.length === 1 && exact.length === 1) { this.act(fit[0]); return; }
    this.draw();
    const offered = this.panel.querySelector("button.action");
    if (ev.type === "keydown" && offered) offered.focus(); // keyboard: straight on to confirming
  }

  names(keys) {
    return keys.map((k) => {
      const el = this.board.querySelector(`[data-ref="${CSS.escape(k)}"]`);
      return (el && el.getAttribute("aria-label")) || k;
    });
  }

  button(i) {
    const button = h("button.action", { type: "button", "data-choice": i, text: this.choices[i].label,
                                        onclick: () => this.act(i, button) });
    if (this.decorate) this.decorate(i, button);
    return button;
  }

  /** Marks on the board (pickable / selected / next) and the panel of offered moves. */
  draw() {
    const fit = this.fits(this.sel);
    const wanted = new Set();
    fit.forEach((i) => this.keys[i].forEach((k) => { if (!this.sel.includes(k)) wanted.add(k); }));
    this.board.querySelectorAll("[data-ref]").forEach((el) => {
      const key = el.getAttribute("data-ref");
      const pickable = wanted.has(key) || this.sel.includes(key);
      el.classList.toggle("pickable", pickable);
      el.classList.toggle("selected", this.sel.includes(key));
      if (pickable) { el.setAttribute("tabindex", "0"); el.setAttribute("role", "button"); } else { el.removeAttribute("tabindex"); }
    });
    // moves no click can reach (no ref drawn on the table) are buttons from the start
    const loose = this.choices.map((c, i) => i).filter((i) => ![...this.keys[i]].some((k) => this.present(k)));
    const parts = [];
    if (this.sel.length) {
      const exact = fit.filter((i) => this.keys[i].size === new Set(this.sel).size);
      const rest = fit.filter((i) => !exact.includes(i));
      parts.push(h("p.selection", {}, "Selected: ", h("strong", { text: this.names(this.sel).join(" + ") }),
        rest.length ? " — pick a highlighted card or cell to narrow it down, or choose:" : " — choose:"),
      h("div.buttons", {}, [...exact, ...rest].map((i) => this.button(i))),
      h("button.cancel#cancel-selection", { type: "button", text: "Cancel selection", onclick: () => { this.sel = []; this.draw(); } }));
    } else if (this.choices.length && loose.length < this.choices.length) {
      parts.push(h("p.hint", { text: "Click a highlighted card or cell to act with it." }));
    }
    if (loose.length) parts.push(h("div.buttons.loose", {}, loose.map((i) => this.button(i))));
    this.panel.replaceChildren(...parts);
  }
}
