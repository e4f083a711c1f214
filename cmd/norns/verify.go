package main

import (
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/games"
	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/record"
	"github.com/norns-games/norns/wire"
)

func verifyCmd() *cobra.Command {
	var keyHex, keyURL string
	cmd := &cobra.Command{
		Use:   "verify RECORD",
		Short: "Check the dice, moves and signature of a game record",
		Long: `Read a Norns record (GET /api/games/{id}/record?format=norns or format=json;
"-" reads standard input), check the revealed server seed against the
commitment, recompute every roll from the seeds and, in scheme
norns-dice-v2, the nonce revealed by the move that caused it, each checked
against the commitment before it (docs/fair-dice.md), check every move is
legal and that the record's Status and Result tags are where the replay ends.

The record must be whole: every required tag (Game, Options, Scheme,
Commitment, Status, ServerSeed, a Seed tag per player and in scheme v2 a
Commit tag per player), the blank line after
the tags, every line ended by a newline. When the game is over the record
must reveal the server seed and the events must end the game. A record of a
game not over yet has ServerSeed "?": its moves are checked, its rolls cannot
be, and verify says so and prints the commitment to compare later.

The server signs the record of a finished game with its Ed25519 key: the
SigningKey tag names the key, the Signature tag (the signature field of JSON)
holds the signature. A signed record whose signature does not match (a tag or
an event changed, even into another legal move) does not verify. The record
names its key itself, so a matching signature proves the record is unchanged
since that key signed it; that the key is the server's, --key (the key in hex)
or --key-url (GET /api/signing-key of the server, or the server's address)
checks: with either, a record that is not signed, or signed by another key,
does not verify.

The exit status is 0 when the record verifies (or is of a game not over whose
moves are legal), 1 when anything does not match.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			l := cmdLang(cmd)
			if keyHex != "" && keyURL != "" {
				return errors.New(i18n.T(l, "cli.verify.both"))
			}
			want := strings.ToLower(keyHex)
			if keyHex != "" {
				if b, err := hex.DecodeString(want); err != nil || len(b) != ed25519.PublicKeySize {
					return errors.New(i18n.T(l, "cli.verify.badkey", "key", strconv.Quote(keyHex), "n", 2*ed25519.PublicKeySize))
				}
			}
			if keyURL != "" {
				var err error
				if want, err = fetchKey(cmd.Context(), keyURL); err != nil {
					return fmt.Errorf("%s%w", i18n.T(l, "cli.verify.keyurl"), err)
				}
			}
			var r io.Reader = cmd.InOrStdin()
			if args[0] != "-" {
				f, err := os.Open(args[0])
				if err != nil {
					return err
				}
				defer f.Close()
				r = f
			}
			rec, err := record.Parse(r)
			if err != nil {
				return fmt.Errorf("%s: %w", args[0], err)
			}
			v, err := record.Verify(rec, games.All)
			if err != nil {
				return verifyError(l, args[0], err)
			}
			var signed string
			switch {
			case want != "" && !v.Signed:
				return errors.New(i18n.T(l, "cli.verify.notsigned", "file", args[0], "key", want))
			case want != "" && v.Key != want:
				return errors.New(i18n.T(l, "cli.verify.otherkey", "file", args[0], "key", v.Key, "want", want))
			case want != "":
				signed = i18n.T(l, "cli.verify.signed.given", "key", v.Key)
			case v.Signed:
				signed = i18n.T(l, "cli.verify.signed.named", "key", v.Key)
			default:
				signed = i18n.T(l, "cli.verify.unsigned")
			}
			// The game, its state and its result in the command line's
			// language.
			gameName, status, result := v.Game, v.Status, v.Result
			if l != i18n.English {
				gameName, status = i18n.T(l, "game."+v.Game), localStatus(l, v.Game, v.Status, v.Result)
				result = status
			}
			out := cmd.OutOrStdout()
			if !v.Revealed {
				fmt.Fprintln(out, i18n.T(l, "cli.verify.notover", "file", args[0], "rolls", v.Rolls, "commitment", v.Commitment, "game", gameName, "events", v.Events, "status", status, "signed", signed))
				return nil
			}
			caused := ""
			if v.Scheme != dice.SchemeV1 {
				caused = i18n.T(l, "cli.verify.caused", "n", v.Caused)
			}
			fmt.Fprintln(out, i18n.T(l, "cli.verify.ok", "file", args[0], "game", gameName, "events", v.Events, "rolls", v.Rolls, "caused", caused, "commitment", v.Commitment, "seed", v.ServerSeed, "result", result, "signed", signed))
			return nil
		},
	}
	cmd.Flags().StringVar(&keyHex, "key", "", "the server's public key in hex (GET /api/signing-key): the record must be signed by it")
	cmd.Flags().StringVar(&keyURL, "key-url", "", "the URL of the server's public key (GET /api/signing-key), or the server's address: the record must be signed by it")
	return cmd
}

// fetchKey reads the public key of GET /api/signing-key at u (a server's
// address without a path asks its /api/signing-key) and returns it in
// lower-case hex.
func fetchKey(ctx context.Context, u string) (string, error) {
	pu, err := url.Parse(u)
	if err != nil || (pu.Scheme != "http" && pu.Scheme != "https") || pu.Host == "" {
		return "", fmt.Errorf("%q is not an http or https URL", u)
	}
	if pu.Path == "" || pu.Path == "/" {
		pu.Path = "/api/signing-key"
	}
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, "GET", pu.String(), nil)
	if err != nil {
		return "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return "", fmt.Errorf("GET %s: %s", pu, resp.Status)
	}
	var k wire.SigningKeyJSON
	if err := json.NewDecoder(io.LimitReader(resp.Body, 1<<16)).Decode(&k); err != nil {
		return "", fmt.Errorf("GET %s: %w", pu, err)
	}
	if b, err := hex.DecodeString(k.Key); err != nil || len(b) != ed25519.PublicKeySize || k.Alg != record.SigningAlg {
		return "", fmt.Errorf("GET %s: {alg %q, key %q} is not an %s key in hex", pu, k.Alg, k.Key, record.SigningAlg)
	}
	return strings.ToLower(k.Key), nil
}

// verifyError is the error of a record that does not verify: the file and
// what did not match, said in l (the detail stays in English).
func verifyError(l i18n.Lang, file string, err error) error {
	return fmt.Errorf("%s%w", i18n.T(l, "cli.verify.mismatch", "file", file), err)
}

// localStatus says a game's status ("over white 1") with its result
// ("white wins 1 (oin)") in l, as the screens say it: "Победа: Белые, 1
// очко (ойн)".
func localStatus(l i18n.Lang, gameName, status, result string) string {
	words := strings.Fields(status)
	if len(words) == 0 {
		return status
	}
	switch words[0] {
	case "chance":
		return i18n.T(l, "status.chance")
	case "turn":
		if len(words) > 1 {
			return i18n.T(l, "status.turn", "player", i18n.Player(l, words[1]))
		}
		return status
	case "over":
	default:
		return status
	}
	reason := ""
	if i := strings.LastIndex(result, "("); i >= 0 && strings.HasSuffix(result, ")") {
		reason = " (" + i18n.GameReason(l, gameName, result[i+1:len(result)-1]) + ")"
	}
	words = words[1:]
	var who []string
	switch {
	case len(words) > 0 && words[0] == "draw":
		for _, w := range words[1:] {
			who = append(who, i18n.Player(l, w))
		}
		text := i18n.T(l, "status.draw")
		if len(who) > 0 {
			text += ": " + strings.Join(who, ", ")
		}
		return text + reason
	case len(words) == 0 || words[0] == "unfinished":
		return i18n.T(l, "status.unfinished") + reason
	}
	points := 0.0
	if p, err := strconv.ParseFloat(words[len(words)-1], 64); err == nil {
		points, words = p, words[:len(words)-1]
	}
	for _, w := range words {
		who = append(who, i18n.Player(l, w))
	}
	if points != 0 {
		return i18n.T(l, "status.win.points", "player", strings.Join(who, ", "), "n", points) + reason
	}
	return i18n.T(l, "status.win", "player", strings.Join(who, ", ")) + reason
}
