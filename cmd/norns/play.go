package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/game"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/games/tafl"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/tui"
	"github.com/norns-games/norns/wire"
)

func playCmd() *cobra.Command {
	var (
		gameName, vs, seat, save, load, lang string
		join, gameURL, token, name, seatFile string
		diceSeed, server, seek, sessionFile  string
		sets                                 []string
		seed                                 uint64
		rollDelay                            time.Duration
	)
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a game in the terminal, against the AI or another person",
		Long: `Play a game in the terminal. Pick a piece and its destination with the
arrow keys and Enter, or type a move in the game's notation; ? lists the legal
moves, u takes back your last move, Ctrl+C quits. Dice are rolled by the
program (reproducibly with --seed). --save writes the game to a save file after
every move; --load resumes a saved game.

--join plays a game of a Norns server (norns serve) from its invitation URL,
http://host/games/ID?seat=…&invite=…: the other players' moves arrive live,
with the clocks if the game has them, and besides the keys of local play, r
resigns (or aborts a game not started), = offers or accepts a draw, u asks to
take back your last move, y and n answer an offer, t opens a chat line, Tab
switches the chat between the players' room and the spectators', and once the
game is over m offers or accepts a rematch, which you then play. The seat's
token is kept in the seat file (--seat-file), so that --game-url
http://host/games/ID brings you back to the game; --token gives the token
instead. Signed in with norns login, --game-url also plays your account's
seat in a game joined on another device.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			cfg := tui.Config{
				Vs:        vs,
				Seat:      seat,
				Seed:      seed,
				HasSeed:   cmd.Flags().Changed("seed"),
				Lang:      i18n.FromEnv(),
				Color:     os.Getenv("NO_COLOR") == "" && os.Getenv("TERM") != "dumb",
				SavePath:  save,
				RollDelay: rollDelay,
			}
			if lang != "" {
				cfg.Lang = i18n.Parse(lang)
			}
			if diceSeed != "" && join == "" {
				return errors.New(i18n.T(cfg.Lang, "tui.cli.diceseed"))
			}
			if seek != "" || server != "" {
				if seek == "" || server == "" {
					return errors.New(i18n.T(cfg.Lang, "tui.cli.seekserver", "seek", "--seek", "server", "--server", "example", "norns play --server http://host:port --seek 3+2 --game chess"))
				}
				for _, local := range []string{"vs", "seat", "seed", "load", "join", "game-url", "token"} {
					if cmd.Flags().Changed(local) {
						return errors.New(i18n.T(cfg.Lang, "tui.cli.seekflag", "flag", "--"+local, "seek", "--seek"))
					}
				}
				return playSeek(cmd, cfg, server, seek, gameName, sets, name, seatFile, sessionFile)
			}
			if join != "" || gameURL != "" {
				for _, local := range []string{"game", "set", "vs", "seat", "seed", "load"} {
					if cmd.Flags().Changed(local) {
						return errors.New(i18n.T(cfg.Lang, "tui.cli.online", "flag", "--"+local))
					}
				}
				return playOnline(cmd, cfg, join, gameURL, token, name, diceSeed, seatFile, sessionFile)
			}
			switch vs {
			case "easy", "medium", "hard", "random", "human":
			default:
				return errors.New(i18n.T(cfg.Lang, "tui.cli.vs", "vs", vs))
			}
			if load != "" {
				r, err := loadSave(cfg.Lang, load, gameName)
				if err != nil {
					return err
				}
				cfg.Resume = &r
			} else {
				g, opts, err := newLocalGame(cfg.Lang, gameName, sets)
				if err != nil {
					return err
				}
				cfg.Game, cfg.Options = g, opts
			}
			return tui.Run(cfg, cmd.InOrStdin(), cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.StringVar(&gameName, "game", "", "the game: "+strings.Join(games.Names(), ", "))
	f.StringArrayVar(&sets, "set", nil, "a game option, option=value (repeatable)")
	f.StringVar(&vs, "vs", "easy", "the opponent: easy, medium, hard or human")
	f.StringVar(&seat, "seat", "", "your seat against the AI (white, black, p1, p2, p3); the first seat by default")
	f.Uint64Var(&seed, "seed", 0, "seed of the dice and the AI (random when not given)")
	f.StringVar(&save, "save", "", "write the game to this save file after every move")
	f.StringVar(&load, "load", "", "resume the game saved in this file (a save file of norns play --save, or an OpenTafl record of a tafl game)")
	f.StringVar(&lang, "lang", "", "language of the screens: en or ru (default from LANG)")
	f.StringVar(&join, "join", "", "play the game of a server's invitation URL (http://host/games/ID?seat=…&invite=…)")
	f.StringVar(&gameURL, "game-url", "", "come back to a game of a server joined before (http://host/games/ID)")
	f.StringVar(&token, "token", "", "the seat's token for --game-url (default: the one kept in the seat file)")
	f.StringVar(&name, "name", "", "your name in a game you --join")
	f.StringVar(&diceSeed, "dice-seed", "", "your own dice seed in a game you --join (1 to 64 characters; random when not given)")
	f.StringVar(&sessionFile, "session-file", "", "the file of the sessions of norns login, whose session for the server --join uses (default: norns/sessions.json in the user's config directory)")
	f.StringVar(&seatFile, "seat-file", "", "the file that keeps the tokens of the games joined (default: norns/seats.json in the user's config directory)")
	f.StringVar(&server, "server", "", "the server of a game with a stranger (--seek): http://host:port")
	f.StringVar(&seek, "seek", "", "find a stranger to play on --server, in the quick-pairing pool of --game with this clock: minutes+seconds (3+2) or days per move (3d)")
	f.DurationVar(&rollDelay, "roll-delay", 400*time.Millisecond, "pause before each roll of the dice")
	return cmd
}

// loadSave reads the game saved in file, a save file of norns play
// --save (under its header or the old one) or an OpenTafl record of a tafl
// game, and checks that it is of gameName
// (when given) and replays.
func loadSave(l i18n.Lang, file, gameName string) (tui.Save, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return tui.Save{}, err
	}
	r, err := tui.ReadSave(bytes.NewReader(data))
	if err != nil && looksLikeOTN(data) {
		// An OpenTafl record of a tafl game: its own error, not the save
		// file's.
		r, err = recordFromOTN(string(data))
	}
	if err != nil {
		return r, errors.New(i18n.T(l, "tui.cli.load", "file", file, "error", explain(l, err)))
	}
	if gameName != "" && gameName != r.Game {
		return r, errors.New(i18n.T(l, "tui.cli.loadgame", "file", file, "game", r.Game, "want", gameName))
	}
	if _, _, err := tui.Replay(r); err != nil {
		return r, errors.New(i18n.T(l, "tui.cli.load", "file", file, "error", explain(l, err)))
	}
	return r, nil
}

// newLocalGame is the game gameName with the options of the --set flags
// (option=value), checked.
func newLocalGame(l i18n.Lang, gameName string, sets []string) (game.Game, game.Options, error) {
	if gameName == "" {
		return nil, nil, errors.New(i18n.T(l, "tui.cli.nogame", "games", strings.Join(games.Names(), ", ")))
	}
	g, err := games.ByName(gameName)
	if err != nil {
		return nil, nil, errors.New(i18n.T(l, "tui.cli.unknowngame", "game", gameName, "games", strings.Join(games.Names(), ", ")))
	}
	opts := game.Options{}
	for _, s := range sets {
		k, v, ok := strings.Cut(s, "=")
		if !ok {
			return nil, nil, errors.New(i18n.T(l, "tui.cli.set", "set", s))
		}
		opts[k] = v
	}
	if _, err := game.Resolve(g.Options(), opts); err != nil {
		return nil, nil, err
	}
	return g, opts, nil
}

// playOnline joins a game of a server with an invitation, or comes back to
// one with a token, and plays it. Nothing is changed on the server or in
// the seat file when the URL or the token is refused.
func playOnline(cmd *cobra.Command, cfg tui.Config, join, gameURL, token, name, diceSeed, seatFile, sessionFile string) error {
	l := cfg.Lang
	if join != "" && gameURL != "" {
		return errors.New(i18n.T(l, "tui.cli.joinboth"))
	}
	if seatFile == "" {
		var err error
		if seatFile, err = tui.DefaultSeatFile(); err != nil {
			return err
		}
	}
	ctx := cmd.Context()
	if ctx == nil {
		ctx = context.Background()
	}
	var (
		o   *tui.Online
		v   *wire.View
		err error
	)
	if join != "" {
		o, v, err = tui.JoinAs(ctx, join, name, diceSeed, loginSession(sessionFile, gameServer(join)), l, nil)
		if err != nil {
			return onlineError(l, join, err)
		}
	} else {
		// The seat file keeps the token and the seat's nonce secret.
		t, secret, ok, err := tui.LoadSeatSecret(seatFile, gameURL)
		switch {
		case err != nil && token == "":
			return onlineError(l, gameURL, err)
		case err != nil:
			secret = nil // the token given is enough to play
		case token == "" && !ok:
			// Not joined from here: the seat of the account signed in
			// with norns login gets a token for this device.
			session := loginSession(sessionFile, gameServer(gameURL))
			if session == "" {
				return errors.New(i18n.T(l, "tui.cli.notoken", "url", gameURL, "file", seatFile))
			}
			if token, err = tui.AccountSeat(ctx, gameURL, session, l, nil); err != nil {
				return onlineError(l, gameURL, err)
			}
		case token == "":
			token = t
		case token != t:
			secret = nil // another seat's token: not this secret's
		}
		o, v, err = tui.OpenSecret(ctx, gameURL, token, secret, l, nil)
		if err != nil {
			return onlineError(l, gameURL, err)
		}
	}
	return playSeat(cmd, cfg, o, v, seatFile)
}

// playSeat keeps the seat o in seatFile, plays the game on the screen and
// says how to come back to it.
func playSeat(cmd *cobra.Command, cfg tui.Config, o *tui.Online, v *wire.View, seatFile string) error {
	l := cfg.Lang
	if err := tui.SaveSeat(seatFile, o); err != nil {
		fmt.Fprintln(cmd.ErrOrStderr(), i18n.T(l, "tui.cli.seatfile", "file", seatFile, "error", err.Error()))
	}
	// A rematch the player follows keeps its token in the same file.
	cfg.SeatFile = seatFile
	o, err := tui.RunOnline(cfg, o, v, cmd.InOrStdin(), cmd.OutOrStdout())
	if err != nil {
		return err
	}
	fmt.Fprintln(cmd.OutOrStdout(), i18n.T(l, "tui.cli.comeback", "url", o.GameURL()))
	return nil
}

// playSeek finds a stranger to play on a server, in the quick-pairing
// pool of a game, its options and a clock, and plays the game made.
// Ctrl+C while it waits withdraws the player from the pool.
func playSeek(cmd *cobra.Command, cfg tui.Config, server, seek, gameName string, sets []string, name, seatFile, sessionFile string) error {
	l := cfg.Lang
	g, opts, err := newLocalGame(l, gameName, sets)
	if err != nil {
		return err
	}
	clock, err := seekClock(seek)
	if err != nil {
		return errors.New(i18n.T(l, "tui.cli.seekclock", "seek", "--seek", "clock", seek))
	}
	if seatFile == "" {
		if seatFile, err = tui.DefaultSeatFile(); err != nil {
			return err
		}
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	req := wire.SeekRequest{Game: g.Name(), Options: opts, Clock: clock, Name: name, Pool: true}
	o, v, err := tui.Seek(ctx, server, req, loginSession(sessionFile, strings.TrimRight(server, "/")), l, nil, func(string) {
		fmt.Fprintln(cmd.OutOrStdout(), i18n.T(l, "tui.cli.seeking", "game", g.Title(), "clock", seek))
	})
	if err != nil {
		if ctx.Err() != nil {
			return errors.New(i18n.T(l, "tui.cli.seekstopped"))
		}
		return onlineError(l, server, err)
	}
	stop()
	return playSeat(cmd, cfg, o, v, seatFile)
}

// seekClock reads the clock of --seek: minutes+seconds ("3+2", "0.5+0")
// or days per move ("3d").
func seekClock(s string) (*wire.ClockRequest, error) {
	if d, ok := strings.CutSuffix(s, "d"); ok {
		n, err := strconv.Atoi(d)
		if err != nil {
			return nil, err
		}
		return &wire.ClockRequest{DaysPerMove: n}, nil
	}
	m, inc, ok := strings.Cut(s, "+")
	if !ok {
		return nil, fmt.Errorf("no +")
	}
	mf, err := strconv.ParseFloat(m, 64)
	if err != nil {
		return nil, err
	}
	sf, err := strconv.ParseFloat(inc, 64)
	if err != nil {
		return nil, err
	}
	return &wire.ClockRequest{InitialMs: int64(mf * 60000), IncrementMs: int64(sf * 1000)}, nil
}

// onlineError says why a game of a server could not be opened.
func onlineError(l i18n.Lang, url string, err error) error {
	var reach *tui.ReachError
	switch {
	case errors.Is(err, tui.ErrNotGameURL):
		return errors.New(i18n.T(l, "tui.cli.badurl", "url", url))
	case errors.As(err, &reach) && l == i18n.English:
		return errors.New(i18n.T(l, "tui.cli.unreachable", "server", reach.Base, "error", reach.Err.Error()))
	case errors.As(err, &reach):
		return errors.New(tui.ErrorText(l, err)) // the network's words are English
	}
	return errors.New(i18n.T(l, "tui.cli.refused", "url", url, "error", explain(l, err)))
}

// explain is an error's text for a message in language l: in English the
// error as it is, with its details; in another language the terminal
// client's words for it, without the English of the details.
func explain(l i18n.Lang, err error) string {
	if l == i18n.English {
		return err.Error()
	}
	return tui.ErrorText(l, err)
}

// looksLikeOTN reports whether a file that is no save file is meant as an
// OpenTafl Notation game record: it starts with a tag ("[rules:…]",
// "[date:…]") or, as Norns' older records without tags, a rules string
// ("dim:…").
func looksLikeOTN(data []byte) bool {
	head := bytes.TrimSpace(data)
	return bytes.HasPrefix(head, []byte("[")) || bytes.HasPrefix(head, []byte("dim:"))
}

// recordFromOTN reads an OpenTafl Notation game record of a tafl game as
// the terminal client's save: the game its rules string names and the
// moves played, from the game's start. A record that starts from another
// position is refused.
func recordFromOTN(text string) (tui.Save, error) {
	o, err := tafl.ParseOTN(text)
	if err != nil {
		return tui.Save{}, fmt.Errorf("OTN record: %w", err)
	}
	if _, err := games.ByName(o.Game.Name()); err != nil {
		var names []string
		for _, g := range tafl.Presets {
			names = append(names, g.Name())
		}
		return tui.Save{}, fmt.Errorf("OTN record: its rules are those of no Norns game (norns play plays the presets %s): %s", strings.Join(names, ", "), o.Tags["rules"])
	}
	r := tui.Save{Game: o.Game.Name(), Options: o.Options}
	for _, a := range o.State.History() {
		r.Actions = append(r.Actions, o.State.ActionString(a))
	}
	st, _, err := tui.Replay(r)
	if err != nil {
		return tui.Save{}, err
	}
	if st.Position() != o.State.Position() {
		return tui.Save{}, fmt.Errorf("OTN record: it starts from another position than the start of %s, and norns play replays a game from its start", o.Game.Name())
	}
	return r, nil
}

// gameServer is the server of a game's URL ("" when it is none).
func gameServer(gameURL string) string {
	base, _, _, _, err := tui.ParseGameURL(gameURL)
	if err != nil {
		return ""
	}
	return base
}

// loginSession returns the token of the session norns login keeps for
// the server at base (http://host:port), or "" (none, or no readable
// session file): the game is then played anonymously.
func loginSession(file, base string) string {
	if file == "" {
		var err error
		if file, err = tui.DefaultSessionFile(); err != nil {
			return ""
		}
	}
	s, ok, err := tui.LoadSession(file, base)
	if err != nil || !ok {
		return ""
	}
	return s.Token
}
