package main

import (
	"errors"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"norns/game"
	"norns/games"
	"norns/i18n"
	"norns/tui"
)

func playCmd() *cobra.Command {
	var (
		gameName, vs, seat, save, load, lang string
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
program (reproducibly with --seed). --save writes the record after every move;
--load resumes a saved record.`,
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
			switch vs {
			case "easy", "medium", "hard", "random", "human":
			default:
				return errors.New(i18n.T(cfg.Lang, "tui.cli.vs", "vs", vs))
			}
			if load != "" {
				f, err := os.Open(load)
				if err != nil {
					return err
				}
				r, err := tui.ReadRecord(f)
				f.Close()
				if err != nil {
					return errors.New(i18n.T(cfg.Lang, "tui.cli.load", "file", load, "error", err.Error()))
				}
				if gameName != "" && gameName != r.Game {
					return errors.New(i18n.T(cfg.Lang, "tui.cli.loadgame", "file", load, "game", r.Game, "want", gameName))
				}
				if _, _, err := tui.Replay(r); err != nil {
					return errors.New(i18n.T(cfg.Lang, "tui.cli.load", "file", load, "error", err.Error()))
				}
				cfg.Record = &r
			} else {
				if gameName == "" {
					return errors.New(i18n.T(cfg.Lang, "tui.cli.nogame", "games", strings.Join(games.Names(), ", ")))
				}
				g, err := games.ByName(gameName)
				if err != nil {
					return err
				}
				opts := game.Options{}
				for _, s := range sets {
					k, v, ok := strings.Cut(s, "=")
					if !ok {
						return errors.New(i18n.T(cfg.Lang, "tui.cli.set", "set", s))
					}
					opts[k] = v
				}
				if _, err := game.Resolve(g.Options(), opts); err != nil {
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
	f.StringVar(&save, "save", "", "write the game's record to this file after every move")
	f.StringVar(&load, "load", "", "resume the game recorded in this file")
	f.StringVar(&lang, "lang", "", "language of the screens: en or ru (default from LANG)")
	f.DurationVar(&rollDelay, "roll-delay", 400*time.Millisecond, "pause before each roll of the dice")
	return cmd
}
