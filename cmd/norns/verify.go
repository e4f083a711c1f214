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
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/norns-games/norns/dice"
	"github.com/norns-games/norns/games"
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
			if keyHex != "" && keyURL != "" {
				return errors.New("--key and --key-url: give one")
			}
			want := strings.ToLower(keyHex)
			if keyHex != "" {
				if b, err := hex.DecodeString(want); err != nil || len(b) != ed25519.PublicKeySize {
					return fmt.Errorf("--key %q is not %d hex digits", keyHex, 2*ed25519.PublicKeySize)
				}
			}
			if keyURL != "" {
				var err error
				if want, err = fetchKey(cmd.Context(), keyURL); err != nil {
					return fmt.Errorf("--key-url: %w", err)
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
				return fmt.Errorf("%s: does not match: %w", args[0], err)
			}
			var signed string
			switch {
			case want != "" && !v.Signed:
				return fmt.Errorf("%s: not signed, and --key asks for a record signed by %s", args[0], want)
			case want != "" && v.Key != want:
				return fmt.Errorf("%s: signed by %s, not by the key %s", args[0], v.Key, want)
			case want != "":
				signed = "signed by " + v.Key + " (the key given)"
			case v.Signed:
				signed = "signed by " + v.Key + " (the key the record names: compare it with the server's, or give --key or --key-url)"
			default:
				signed = "not signed"
			}
			out := cmd.OutOrStdout()
			if !v.Revealed {
				fmt.Fprintf(out, "%s: not over yet: %d rolls cannot be checked until the server reveals its seed (commitment %s: keep it and verify the record again when the game is over); %s, %d events legal, %s; %s\n",
					args[0], v.Rolls, v.Commitment, v.Game, v.Events, v.Status, signed)
				return nil
			}
			caused := ""
			if v.Scheme != dice.SchemeV1 {
				caused = fmt.Sprintf(", %d of them with the nonce revealed by the move that caused them", v.Caused)
			}
			fmt.Fprintf(out, "%s: ok: %s, %d events legal, %d rolls match the revealed seed%s (commitment %s, the SHA-256 of server seed %s), %s; %s\n",
				args[0], v.Game, v.Events, v.Rolls, caused, v.Commitment, v.ServerSeed, v.Result, signed)
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
