package account_test

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/norns-games/norns/account"
	"github.com/norns-games/norns/ratelimit"
	"github.com/norns-games/norns/store"
)

// BenchmarkSignIn measures a sign-in with the default argon2id parameters
// for a wrong password and for an unknown name: the two should take the
// same time (each hashes the password once).
func BenchmarkSignIn(b *testing.B) {
	ctx := context.Background()
	s, err := store.OpenSQLite(ctx, filepath.Join(b.TempDir(), "norns.db"))
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	svc := account.New(account.Config{Store: s, PerAccount: ratelimit.New(1e9, 1<<30), PerAddress: ratelimit.New(1e9, 1<<30)})
	if _, err := svc.SignUp(ctx, "Ann", "correct horse", account.Client{Addr: "a"}); err != nil {
		b.Fatal(err)
	}
	for _, name := range []string{"wrong-password", "unknown-name", "right-password"} {
		b.Run(name, func(b *testing.B) {
			user, pw := "ann", "wrong horse"
			switch name {
			case "unknown-name":
				user = "nobody"
			case "right-password":
				pw = "correct horse"
			}
			for i := 0; b.Loop(); i++ {
				_, err := svc.SignIn(ctx, user, pw, account.Client{Addr: fmt.Sprint(i)})
				if (name == "right-password") != (err == nil) || (err != nil && !errors.Is(err, account.ErrCredentials)) {
					b.Fatal(err)
				}
			}
		})
	}
}
