// The server's JSON API (docs/api.md) and the web package's replay
// endpoint.

import { has, t } from "./i18n";
import { csrfToken } from "./session";

import type {
  CatalogGame,
  CatalogOption,
  CatalogResponse,
  ChatLogResponse,
  ChatResponse,
  ChatRoom,
  ChatView,
  ClockRequest as WireClockRequest,
  CreateRequest,
  CreateResponse,
  ErrorBody,
  ErrorResponse,
  EventView,
  EventsResponse,
  InvitesResponse,
  JoinResponse,
  ListResponse,
  AcceptResponse,
  SeekRequest,
  SeekResponse,
  AccountResponse,
  ClaimResponse,
  SeatProof,
  SessionsResponse,
  SignedOutResponse,
  SigningKeyJSON,
  View,
  PlayerResponse,
  RatingHistoryResponse,
  LeaderboardResponse,
} from "./wire";

// The types of the API are generated from the server's (package wire) in
// wire.ts. GameView is the view of a game (wire.View).
export type { CatalogGame, ChatRoom, ChatView, ErrorBody, EventView, View as GameView };
export type { SeatGrant, SeatView, Summary, PlayerGame, PlayerRating, RatingPoint } from "./wire";
type GameView = View;

/** Option is a game's option as the catalog gives it. */
export type Option = CatalogOption;

/** ClockRequest is the clock of a new game: Fischer (minutes for the
 * game, an increment per turn) or correspondence (days per move). */
export type ClockRequest = Pick<WireClockRequest, "initial_ms" | "increment_ms"> | Required<Pick<WireClockRequest, "days_per_move">>;

export interface Ply {
  action: string;
  san?: string;
  player: string;
  auto?: string[];
  position: string;
  to_move: string;
  /** outcomes are a roll's chance outcomes with their probabilities, in
   * the game's order, when the replay was asked for them. */
  outcomes?: { action: string; prob: number }[];
}

export interface Replay {
  game: string;
  title: string;
  players: string[];
  start: string;
  start_to_move: string;
  plies: Ply[];
  status: string;
  result: string;
  error?: string;
}

/** normOption reads an option whether its fields are written in lower
 * case or as Go names them. */
function normOption(o: Option | Record<string, unknown>): Option {
  const r = o as Record<string, unknown>;
  return {
    name: String(r.name ?? r.Name ?? ""),
    default: String(r.default ?? r.Default ?? ""),
    values: (r.values ?? r.Values ?? []) as string[],
    help: (r.help ?? r.Help ?? "") as string,
  };
}

/** ApiError is an error answer: its stable code and message. */
export class ApiError extends Error {
  constructor(readonly code: string, message: string, readonly status: number) {
    super(message);
  }
}

async function call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
  const headers: Record<string, string> = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = "Bearer " + token;
  // The session cookie goes with every request; one that changes
  // something carries the session's CSRF token too.
  if (method !== "GET" && csrfToken()) headers["X-CSRF-Token"] = csrfToken();
  const r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await r.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!r.ok) {
    const e = (data as Partial<ErrorResponse> | null)?.error;
    throw new ApiError(e?.code ?? "http_" + r.status, errorText(e ?? {}) || r.statusText, r.status);
  }
  return data as T;
}

/** errorText is an error's message in the reader's language when the
 * catalog has it, with the detail (what exactly was wrong) as the server
 * wrote it. */
export function errorText(e: Partial<ErrorBody>): string {
  const message = e.code && has("error." + e.code) ? t("error." + e.code) : e.message;
  return [message, e.detail].filter(Boolean).join(" — ");
}

/** peopleText is what a person is told of a failure: an API error's
 * message in the reader's language (without the detail, written for
 * programs), else the failure's own text. */
export function peopleText(e: unknown): string {
  if (e instanceof ApiError && has("error." + e.code)) return t("error." + e.code);
  return String((e as Error)?.message ?? e);
}

/** newSeed is a fresh dice seed for a seat: 16 random bytes, base64url
 * without padding (22 characters, all allowed in a seed). */
export function newSeed(): string {
  const b = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...b)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export const api = {
  catalog: () =>
    call<CatalogResponse>("GET", "/api/catalog").then((r) =>
      r.games.map((g) => ({ ...g, ai_levels: g.ai_levels ?? [], options: (g.options ?? []).map(normOption) })),
    ),
  list: (state: "live" | "finished", limit = 30) => call<ListResponse>("GET", `/api/games?state=${state}&limit=${limit}`).then((r) => r.games),
  create: (req: Omit<CreateRequest, "clock"> & { clock?: ClockRequest }) =>
    call<CreateResponse>("POST", "/api/games", req),
  /** join takes an open seat, with the dice seed given for it, else a
   * fresh one, and the commitment to the seat's first dice nonce, if any
   * (nonce.ts). */
  join: (id: string, seat: string, invite: string, name?: string, seed?: string, commit?: string) =>
    call<JoinResponse>("POST", `/api/games/${id}/join`, { seat, invite, name, seed: seed || newSeed(), commit }),
  /** seed gives a seat's dice seed (until the first roll), with the
   * commitment to its first dice nonce, if any (nonce.ts). */
  seed: (id: string, token: string, seed: string, commit?: string) => call<GameView>("POST", `/api/games/${id}/seed`, { seed, commit }, token),
  get: (id: string, token?: string) => call<GameView>("GET", `/api/games/${id}`, undefined, token),
  /** play makes a move for the seat a token holds, with what it reveals
   * of its dice nonces (nonce.ts). */
  play: (id: string, token: string, action: string, seq: number, reveal: { nonce?: string; next?: string } = {}) =>
    call<GameView>("POST", `/api/games/${id}/actions`, { action, seq, ...reveal }, token),
  /** leave resigns (once the game has started) or aborts (while the seat
   * has not moved) the game for the seat a token holds. */
  leave: (id: string, token: string, how: "resign" | "abort") => call<GameView>("POST", `/api/games/${id}/${how}`, undefined, token),
  /** claim claims the victory, or calls a draw, for the seat a token
   * holds, whose opponent left the game (gone for the grace time). */
  claim: (id: string, token: string, what: "victory" | "draw") => call<GameView>("POST", `/api/games/${id}/claim-${what}`, undefined, token),
  /** offer makes (yes), accepts (yes) or declines (no) a draw or a
   * takeback for the seat a token holds. */
  offer: (id: string, token: string, what: "draw" | "takeback", accept: boolean) => call<GameView>("POST", `/api/games/${id}/${what}`, { accept }, token),
  /** rematch asks for a rematch of a game over for the seat a token
   * holds. */
  rematch: (id: string, token: string) => call<GameView>("POST", `/api/games/${id}/rematch`, undefined, token),
  /** declineRematch declines, for the seat a token opens, the rematch the
   * other player asked for. */
  declineRematch: (id: string, token: string) => call<GameView>("POST", `/api/games/${id}/rematch/decline`, undefined, token),
  /** invites are the invitations of the open seats, for a seat holder. */
  invites: (id: string, token: string) => call<Partial<InvitesResponse>>("GET", `/api/games/${id}/invites`, undefined, token).then((r) => r.invites ?? []),
  replay: (req: { game: string; options?: Record<string, string>; position?: string; actions: string[]; outcomes?: boolean }) => call<Replay>("POST", "/web/replay", req),
  recordURL: (id: string, format = "norns") => `/api/games/${id}/record?format=${format}`,
  /** signingKey is the public key (hex) with which the server signs the
   * records of finished games. */
  signingKey: () => call<SigningKeyJSON>("GET", "/api/signing-key"),
  events: (id: string, since: number) => call<EventsResponse>("GET", `/api/games/${id}/events?since=${since}`),
  /** wsURL is the address of a game's live feed from event since on. It
   * never carries a seat token: a player's client sends it in its first
   * message (wsAuth). */
  wsURL: (id: string, since: number) => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/games/${id}/ws?since=${since}`,
  wsAuth: (token: string) => JSON.stringify({ type: "auth", token }),
  /** lobbyURL is the address of the lobby's feed: the seeks, live. */
  lobbyURL: () => `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/api/lobby/ws`,
  /** wsHold holds a seek on the lobby's feed while it is open. */
  wsHold: (id: string, token: string) => JSON.stringify({ type: "hold", id, token }),
  /** seek posts a seek, or a place in a pool (pool set). */
  seek: (req: SeekRequest) => call<SeekResponse>("POST", "/api/seeks", req),
  /** accept accepts a seek of the list. */
  accept: (id: string, name?: string) => call<AcceptResponse>("POST", `/api/seeks/${id}/accept`, { name }),
  /** cancelSeek withdraws a seek. */
  cancelSeek: (id: string, token: string) => call<null>("DELETE", `/api/seeks/${id}`, undefined, token),
  /** wsRoom opens or closes a chat room on the feed. */
  wsRoom: (room: ChatRoom, open: boolean) => JSON.stringify({ type: "room", room, open }),
  /** chat writes in a room: the players' needs a seat token; in the
   * spectators' a token writes under the seat's name. */
  chat: (id: string, room: ChatRoom, text: string, token?: string) => call<ChatResponse>("POST", `/api/games/${id}/chat`, { room, text }, token),
  /** chatLog reads a room's messages after seq since. */
  chatLog: (id: string, room: ChatRoom, since: number, token?: string) =>
    call<Partial<ChatLogResponse>>("GET", `/api/games/${id}/chat?room=${room}&since=${since}`, undefined, token).then((r) => r.messages ?? []),
};

/** accountApi is the API of accounts (docs/api.md): the session travels
 * in the HttpOnly cookie the server sets. */
export const accountApi = {
  me: () => call<AccountResponse>("GET", "/api/account"),
  /** signUp and signIn take the seats given into the account. */
  signUp: (name: string, password: string, claim: SeatProof[]) => call<AccountResponse>("POST", "/api/account/signup", { name, password, seats: claim }),
  signIn: (name: string, password: string, claim: SeatProof[]) => call<AccountResponse>("POST", "/api/account/signin", { name, password, seats: claim }),
  signOut: () => call<SignedOutResponse>("POST", "/api/account/signout"),
  signOutEverywhere: () => call<SignedOutResponse>("POST", "/api/account/signout-everywhere"),
  sessions: () => call<SessionsResponse>("GET", "/api/account/sessions").then((r) => r.sessions ?? []),
  endSession: (id: string) => call<SignedOutResponse>("DELETE", `/api/account/sessions/${id}`),
  password: (oldPassword: string, newPassword: string) => call<AccountResponse>("POST", "/api/account/password", { old_password: oldPassword, new_password: newPassword }),
  remove: (password: string) => call<null>("POST", "/api/account/delete", { password }),
  claim: (claim: SeatProof[]) => call<ClaimResponse>("POST", "/api/account/claim", { seats: claim }),
  /** games are the account's games, from any device. */
  games: () => call<ListResponse>("GET", "/api/account/games").then((r) => r.games ?? []),
  /** seat gives this device a token of the account's seat in game id. */
  seat: (id: string) => call<JoinResponse>("POST", `/api/account/games/${id}/seat`),
};

/** playersApi reads the players' profiles and the leaderboards. */
export const playersApi = {
  get: (name: string) => call<PlayerResponse>("GET", `/api/players/${encodeURIComponent(name)}`),
  history: (name: string, key: string) => call<RatingHistoryResponse>("GET", `/api/players/${encodeURIComponent(name)}/history?key=${encodeURIComponent(key)}`),
  leaderboard: (key: string) => call<LeaderboardResponse>("GET", `/api/leaderboard?key=${encodeURIComponent(key)}`),
};

/** Seats remembers the seat tokens this browser holds, per game. */
export const seats = {
  all(id: string): Record<string, string> {
    try {
      return JSON.parse(localStorage.getItem("norns.seats." + id) ?? "{}");
    } catch {
      return {};
    }
  },
  /** games are the ids of the games this browser holds a seat of, at
   * most limit of them. */
  games(limit: number): string[] {
    const prefix = "norns.seats.";
    const ids: string[] = [];
    for (let i = 0; i < localStorage.length && ids.length < limit; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(prefix) && Object.keys(seats.all(k.slice(prefix.length))).length) ids.push(k.slice(prefix.length));
    }
    return ids;
  },
  /** proofs are the seats this browser holds, each game's seat tokens
   * (one per token: a hot-seat game's seats share theirs), at most 200,
   * to take into an account. */
  proofs(): SeatProof[] {
    const out: SeatProof[] = [];
    for (const id of seats.games(200)) {
      for (const token of new Set(Object.values(seats.all(id)))) if (out.length < 200) out.push({ game: id, token });
    }
    return out;
  },
  add(id: string, player: string, token: string): void {
    const m = seats.all(id);
    m[player] = token;
    localStorage.setItem("norns.seats." + id, JSON.stringify(m));
  },
};

/** standingMoves are the events of a history with an action (moves and
 * rolls) that still stand: a takeback-accept takes back the last of them,
 * the requester's own move, since nothing may come after it. */
export function standingMoves(history: EventView[]): EventView[] {
  const out: EventView[] = [];
  for (const e of history) {
    if (e.kind === "takeback-accept") out.pop();
    else if (e.action) out.push(e);
  }
  return out;
}

/** actionsOf flattens a game's history into the actions played that
 * still stand (takebacks undone), for a replay of the game. */
export function actionsOf(history: EventView[]): string[] {
  return standingMoves(history).map((e) => e.action!);
}
