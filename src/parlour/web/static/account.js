// The account page, /account: sign up with a passkey (a name, an e-mail address if wished), sign in with one, add
// this device's passkey, sign in with the recovery code, sign out, delete the account (docs/protocol.md, "Accounts").
// Signed in, it lists friends (ask, accept, decline, remove) and the seats friends invite you to, and invites one.
// A passkey is WebAuthn: the server's options come as JSON with binary fields in base64url, turned into
// ArrayBuffers for navigator.credentials, and the browser's credential is sent back the same way.
// Every refusal is said on the page at once (#said), in words, with the server's own reason under it (the forms
// have no browser validation: its tooltips are no place for a refusal).

import { h, fill } from "./util.js";
import { t, translatePage } from "./i18n.js";

const $ = (id) => document.getElementById(id);
const API = "/api/account";
/** The recovery code of a sign-up or a recovery, shown until its owner says it is written down. */
let recoveryCode = null;

/** base64url text → ArrayBuffer. */
export function fromB64(text) {
  const s = String(text).replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(s + "===".slice((s.length + 3) % 4));
  return Uint8Array.from(bin, (c) => c.charCodeAt(0)).buffer;
}

/** ArrayBuffer (or view) → base64url text, no padding. */
export function toB64(buffer) {
  const bytes = buffer instanceof ArrayBuffer ? new Uint8Array(buffer)
    : new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

const withIds = (list) => (list || []).map((c) => ({ ...c, id: fromB64(c.id) }));

/** The server's creation options (JSON) as navigator.credentials.create takes them. */
function creation(options) {
  return { ...options, challenge: fromB64(options.challenge), user: { ...options.user, id: fromB64(options.user.id) },
    excludeCredentials: withIds(options.excludeCredentials) };
}

/** The server's request options (JSON) as navigator.credentials.get takes them. */
function request(options) {
  return { ...options, challenge: fromB64(options.challenge), allowCredentials: withIds(options.allowCredentials) };
}

/** A PublicKeyCredential as JSON, as its toJSON() gives it (written out for browsers without one). */
function credentialJSON(cred) {
  const r = cred.response;
  const response = { clientDataJSON: toB64(r.clientDataJSON) };
  if (r.attestationObject) {
    response.attestationObject = toB64(r.attestationObject);
    response.transports = r.getTransports ? r.getTransports() : [];
  } else {
    response.authenticatorData = toB64(r.authenticatorData);
    response.signature = toB64(r.signature);
    if (r.userHandle) response.userHandle = toB64(r.userHandle);
  }
  return { id: cred.id, rawId: toB64(cred.rawId), type: cred.type, response,
    authenticatorAttachment: cred.authenticatorAttachment || null,
    clientExtensionResults: cred.getClientExtensionResults ? cred.getClientExtensionResults() : {} };
}

/** A refusal: its status, the server's reason (English), and what the page says of it. */
class Refused extends Error {
  constructor(status, detail) {
    super(detail);
    this.status = status;
  }
}

async function call(method, path, body) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let res;
  try {
    res = await fetch(API + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin" });
  } catch (err) {
    throw new Refused(0, String(err.message || err));
  }
  let data = null;
  try {
    data = res.status === 204 ? null : await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const detail = data && data.detail;
    throw new Refused(res.status, typeof detail === "string" ? detail : detail ? JSON.stringify(detail)
      : res.statusText);
  }
  return data;
}

/** Say something on the page (a refusal, unless ok), with a reason under it. */
function say(text, why, ok = false) {
  const box = $("said");
  box.classList.toggle("ok", ok);
  fill(box, text ? [text, why ? h("span", { class: "why" }, why) : null] : []);
}

/** What a refused request means, in the page's language. */
function words(err, action) {
  if (err.name === "NotAllowedError" || err.name === "AbortError") {
    return t("The passkey was not given: the browser's window was closed, timed out, or refused it.");
  }
  if (err.name === "InvalidStateError") return t("This device's passkey is registered already.");
  if (err.name === "SecurityError") {
    return t("This browser refuses passkeys for this address: open the site by its name (such as localhost), over HTTPS.");
  }
  if (!(err instanceof Refused)) return t("This browser cannot make or use a passkey here.");
  switch (err.status) {
    case 0: return t("The server could not be reached.");
    case 401: return t("You are not signed in.");
    case 403: return action === "friend" ? t("You may invite only your friends.")
      : t("No account has this name with this recovery code.");
    case 409: return action === "friend" ? t("This is done already, or cannot be done now.")
      : action === "signup" ? t("This name is taken, or looks like a name that is: choose another.")
      : t("This device's passkey is registered already.");
    case 422: return action === "friend" ? t("This name or seat link is not allowed.")
      : action === "signup" ? t("This name or e-mail address is not allowed.")
      : t("This is not allowed.");
    case 404: return action === "friend" ? t("No account has this name, or nothing is waiting from it.")
      : t("The server refused: {status}.", { status: err.status });
    case 429: return t("Too many tries from this address: wait a minute and try again.");
    case 400: return action === "signin" ? t("This passkey signs in no account here.")
      : t("The passkey's answer was not accepted: try again.");
    default: return t("The server refused: {status}.", { status: err.status });
  }
}

/** Run an action, its buttons disabled meanwhile; a refusal is said on the page. */
async function act(action, button, work) {
  say("");
  if (button) button.disabled = true;
  try {
    await work();
  } catch (err) {
    console.warn(err);
    say(words(err, action), err instanceof Refused || !err.name ? err.message : `${err.name}: ${err.message}`);
  } finally {
    if (button) button.disabled = false;
  }
}

function passkeysWork() {
  return !!(window.PublicKeyCredential && navigator.credentials && window.isSecureContext);
}

async function signup(event) {
  event.preventDefault();
  const form = event.target;
  await act("signup", form.querySelector("button"), async () => {
    const name = form.elements.name.value.trim();
    const email = form.elements.email.value.trim();
    const { ceremony, options } = await call("POST", "/signup/options", email ? { name, email } : { name });
    const cred = await navigator.credentials.create({ publicKey: creation(options) });
    const made = await call("POST", "/signup", { ceremony, credential: credentialJSON(cred) });
    recoveryCode = made.recovery_code;
    await show();
  });
}

async function signin(button) {
  await act("signin", button, async () => {
    const { ceremony, options } = await call("POST", "/signin/options");
    const cred = await navigator.credentials.get({ publicKey: request(options) });
    await call("POST", "/signin", { ceremony, credential: credentialJSON(cred) });
    await show();
  });
}

async function recover(event) {
  event.preventDefault();
  const form = event.target;
  await act("recover", form.querySelector("button"), async () => {
    const got = await call("POST", "/recover", { name: form.elements.name.value.trim(),
      code: form.elements.code.value.trim() });
    recoveryCode = got.recovery_code;
    await show();
    say(t("Signed in with your recovery code. It is spent: here is a new one. Add this device's passkey to sign in with it next time."), null, true);
  });
}

async function addPasskey(button) {
  await act("passkey", button, async () => {
    const { ceremony, options } = await call("POST", "/passkeys/options");
    const cred = await navigator.credentials.create({ publicKey: creation(options) });
    await call("POST", "/passkeys", { ceremony, credential: credentialJSON(cred) });
    await show();
    say(t("This device's passkey is added."), null, true);
  });
}

async function signout(button) {
  await act("signout", button, async () => {
    await call("POST", "/signout");
    recoveryCode = null;
    await show();
    say(t("Signed out."), null, true);
  });
}

function askDelete(button) {
  const box = $("delete-confirm");
  box.hidden = false;
  button.setAttribute("aria-expanded", "true");
  box.querySelector("button.danger").focus();
}

async function remove(button) {
  await act("delete", button, async () => {
    await call("DELETE", "");
    recoveryCode = null;
    await show();
    say(t("The account is deleted."), null, true);
  });
}

function field(labelText, input, hint) {
  return h("label", {}, labelText, input, hint ? h("span", { class: "hint" }, hint) : null);
}

function recoveryBox() {
  if (!recoveryCode) return null;
  const copied = h("span", { class: "hint", role: "status" });
  return h("div", { class: "recovery", id: "recovery" },
    h("h2", {}, t("Your recovery code")),
    h("p", {}, t("Write this down and keep it safe: it is shown only this once. With your name it signs you in if you lose your passkeys.")),
    h("code", { id: "recovery-code" }, recoveryCode),
    h("div", { class: "account-actions" },
      h("button", { type: "button", id: "copy-code", onclick: async () => {
        try {
          await navigator.clipboard.writeText(recoveryCode);
          copied.textContent = t("Copied.");
        } catch {
          copied.textContent = t("Could not copy: select the code and copy it yourself.");
        }
      } }, t("Copy")),
      h("button", { type: "button", id: "written-down",
        onclick: () => { recoveryCode = null; $("recovery").remove(); } },
        t("I have written it down")),
      copied));
}

/** The token of a seat link as pasted (…/t/TABLE?token=TOKEN), or the token itself. */
export function tokenOf(text) {
  const found = /[?&]token=([^&#\s]+)/.exec(text);
  return found ? decodeURIComponent(found[1]) : text.trim();
}

/** A friends' action (asking, answering, inviting), said on the page once done; the list drawn again. */
async function friendly(button, work, done) {
  await act("friend", button, async () => {
    await work();
    await showFriends();
    if (done) say(done, null, true);
  });
}

const path = (name) => `/friends/${encodeURIComponent(name)}`;

function friendRow(name, buttons) {
  return h("li", { dataset: { friend: name } }, h("a", { href: `/u/${encodeURIComponent(name)}` }, name),
    h("span", { class: "account-actions" }, buttons));
}

/** The friends part of the account page: requests, friends, invitations to seats, and the forms to ask and invite. */
async function showFriends() {
  const box = $("friends");
  if (!box) return;
  const got = await call("GET", "/friends");
  const button = (label, onclick, id) => h("button", { type: "button", onclick: (e) => onclick(e.currentTarget),
    ...(id ? { id } : {}) }, label);
  fill(box,
    h("h2", {}, t("Friends")),
    got.asking.length ? [h("h3", {}, t("Asking to be your friend")), h("ul", { class: "friends-list", id: "asking" },
      got.asking.map((n) => friendRow(n, [
        button(t("Accept"), (b) => friendly(b, () => call("POST", `${path(n)}/accept`),
          t("You and {name} are friends now.", { name: n }))),
        button(t("Decline"), (b) => friendly(b, () => call("POST", `${path(n)}/decline`)))])))] : null,
    got.friends.length ? h("ul", { class: "friends-list", id: "friend-list" }, got.friends.map((n) => friendRow(n, [
      button(t("Remove"), (b) => friendly(b, () => call("DELETE", path(n))))])))
      : h("p", { class: "muted", id: "no-friends" }, t("No friends yet: ask someone by their account name.")),
    got.asked.length ? [h("h3", {}, t("You asked")), h("ul", { class: "friends-list", id: "asked" },
      got.asked.map((n) => friendRow(n, [
        button(t("Withdraw"), (b) => friendly(b, () => call("POST", `${path(n)}/decline`)))])))] : null,
    h("form", { id: "ask-friend", novalidate: true, onsubmit: (e) => {
      e.preventDefault();
      const name = e.target.elements.name.value.trim();
      friendly(e.target.querySelector("button"), async () => {
        const r = await call("POST", "/friends", { name });
        e.target.reset();
        return r;
      }, t("Asked {name}.", { name }));
    } },
      field(t("A friend's account name"), h("input", { type: "text", name: "name", required: true, maxlength: "32",
        autocomplete: "off" })),
      h("div", {}, h("button", { type: "submit" }, t("Ask to be friends")))),
    got.friends.length ? h("form", { id: "invite-friend", novalidate: true, onsubmit: (e) => {
      e.preventDefault();
      const name = e.target.elements.friend.value;
      const token = tokenOf(e.target.elements.seat.value);
      friendly(e.target.querySelector("button"), async () => {
        await call("POST", "/invitations", { name, token });
        e.target.reset();
      }, t("{name} is invited: the seat's link is on their account page.", { name }));
    } },
      h("h3", {}, t("Invite a friend to a seat")),
      field(t("Friend"), h("select", { name: "friend" }, got.friends.map((n) => h("option", { value: n }, n)))),
      field(t("The seat's invitation link"), h("input", { type: "text", name: "seat", required: true,
        autocomplete: "off", spellcheck: "false" }), t("Only this friend is given the link.")),
      h("div", {}, h("button", { type: "submit" }, t("Invite")))) : null,
    got.invitations.length ? [h("h3", {}, t("Invitations")), h("ul", { class: "friends-list", id: "invitations" },
      got.invitations.map((i) => h("li", { dataset: { table: i.table } },
        t("{name} invites you to a table of {game}.", { name: i.from, game: i.game }), " ",
        h("a", { href: i.invite_url }, t("Take the seat")),
        h("span", { class: "account-actions" },
          button(t("Dismiss"), (b) => friendly(b, () => call("DELETE", `/invitations/${i.id}`)))))))] : null);
}

function signedInView(me) {
  return [
    h("p", { id: "signed-in" }, t("Signed in as {name}.", { name: me.name }), " ",
      h("a", { href: `/u/${encodeURIComponent(me.name)}`, id: "my-profile" }, t("Your public profile"))),
    me.email ? h("p", { class: "muted" }, t("E-mail address: {email}", { email: me.email })) : null,
    h("p", { class: "muted" }, t("Passkeys: {n}", { n: me.passkeys })),
    recoveryBox(),
    h("div", { class: "account-actions" },
      h("button", { type: "button", id: "add-passkey", onclick: (e) => addPasskey(e.currentTarget),
        disabled: !passkeysWork() }, t("Add this device's passkey")),
      h("button", { type: "button", id: "sign-out", onclick: (e) => signout(e.currentTarget) }, t("Sign out")),
      h("button", { type: "button", id: "delete", "aria-expanded": "false", "aria-controls": "delete-confirm",
        onclick: (e) => askDelete(e.currentTarget) }, t("Delete the account"))),
    h("div", { id: "delete-confirm", class: "recovery", hidden: true },
      h("p", {}, t("Delete the account {name}? Its passkeys, e-mail address and list of tables are deleted; your seats in tables are named “a former player”. This cannot be undone.", { name: me.name })),
      h("div", { class: "account-actions" },
        h("button", { type: "button", class: "danger", id: "delete-yes", onclick: (e) => remove(e.currentTarget) },
          t("Delete it")),
        h("button", { type: "button", id: "delete-no", onclick: () => {
          $("delete-confirm").hidden = true;
          $("delete").setAttribute("aria-expanded", "false");
        } }, t("Keep it")))),
    h("div", { id: "friends" }),
  ];
}

function signedOutView() {
  const usable = passkeysWork();
  return [
    usable ? null : h("p", { class: "account-said" },
      t("This browser refuses passkeys for this address: open the site by its name (such as localhost), over HTTPS.")),
    h("h2", {}, t("Sign in")),
    h("div", { class: "account-actions" },
      h("button", { type: "button", class: "primary", id: "sign-in", disabled: !usable,
        onclick: (e) => signin(e.currentTarget) }, t("Sign in with a passkey"))),
    h("h2", {}, t("Sign up")),
    h("form", { id: "signup", novalidate: true, onsubmit: signup },
      field(t("Name"), h("input", { type: "text", name: "name", required: true, maxlength: "32",
        autocomplete: "username" }), t("2 to 32 letters or digits; others see it at the tables.")),
      field(t("E-mail address (optional)"), h("input", { type: "email", name: "email", autocomplete: "email" })),
      h("div", {}, h("button", { type: "submit", class: "primary", disabled: !usable }, t("Sign up with a passkey")))),
    h("h2", {}, t("Lost your passkey?")),
    h("form", { id: "recover", novalidate: true, onsubmit: recover },
      field(t("Name"), h("input", { type: "text", name: "name", required: true, autocomplete: "username" })),
      field(t("Recovery code"), h("input", { type: "text", name: "code", required: true, autocomplete: "off",
        spellcheck: "false" })),
      h("div", {}, h("button", { type: "submit" }, t("Sign in with the recovery code")))),
  ];
}

/** Draw the page for who is signed in (GET /api/account), or for no one. */
async function show() {
  let me = null;
  try {
    me = await call("GET", "");
  } catch (err) {
    if (err.status !== 401) say(words(err, "load"), err.message);
  }
  fill($("body"), me ? signedInView(me) : signedOutView());
  if (me) {
    try {
      await showFriends();
    } catch (err) {
      say(words(err, "friend"), err.message);
    }
  }
  document.body.dataset.signedIn = me ? "true" : "false";
}

translatePage();
show();
