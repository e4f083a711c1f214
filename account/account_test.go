package account_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/norns-games/norns/account"
	"github.com/norns-games/norns/ratelimit"
	"github.com/norns-games/norns/store"
)

func TestCheckName(t *testing.T) {
	for _, tt := range []struct {
		name string
		ok   bool
	}{
		{"ab", true}, {"Ann", true}, {"a_b-c9", true}, {"Вася", true}, {"12345678901234567890", true},
		{"a", false}, {"123456789012345678901", false}, {"a b", false}, {"_ann", false}, {"ann-", false},
		{"ann!", false}, {"Васяa", false}, {"é", false}, {"anné", false}, {"", false}, {"ab\u0301", false},
	} {
		err := account.CheckName(tt.name)
		if (err == nil) != tt.ok {
			t.Errorf("CheckName(%q) = %v, want ok %v", tt.name, err, tt.ok)
		}
		if err != nil && !errors.Is(err, account.ErrName) {
			t.Errorf("CheckName(%q) = %v, not ErrName", tt.name, err)
		}
	}
}

func TestSkeleton(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"Ann", "ann"}, {"ANN", "aNn"}, {"Paul", "PauI"}, {"Paul", "Pau1"}, {"Bob", "B0b"},
		{"Cocoa", "Сосоа"}, // Cyrillic С, о, с, о, а
		{"BOX", "ВОХ"},     // Cyrillic В, О, Х
		{"modern", "rnodern"}, {"wow", "vvow"}, {"a_b", "a-b"}, {"Hepo", "Неро"},
	} {
		if account.Skeleton(tt.a) != account.Skeleton(tt.b) {
			t.Errorf("Skeleton(%q) = %q, Skeleton(%q) = %q: want equal", tt.a, account.Skeleton(tt.a), tt.b, account.Skeleton(tt.b))
		}
	}
	for _, tt := range []struct{ a, b string }{{"Ann", "Anna"}, {"bob", "dob"}, {"Вася", "Ваня"}} {
		if account.Skeleton(tt.a) == account.Skeleton(tt.b) {
			t.Errorf("Skeleton(%q) = Skeleton(%q) = %q: want different", tt.a, tt.b, account.Skeleton(tt.a))
		}
	}
	if got := account.Key(" Вася "); got != "вася" {
		t.Errorf("Key(Вася) = %q, want вася", got)
	}
}

func TestCheckPassword(t *testing.T) {
	if n := account.CommonPasswords(); n != 2086 {
		t.Errorf("CommonPasswords() = %d, want 2086", n)
	}
	for _, tt := range []struct {
		pw   string
		want error
	}{
		{"correct horse", nil}, {"Tr0ub4dor&3", nil}, {"пароль-длинный", nil},
		{"short", account.ErrPasswordShort}, {"1234567", account.ErrPasswordShort},
		{"password", account.ErrPasswordCommon}, {"PassWord", account.ErrPasswordCommon}, {"12345678", account.ErrPasswordCommon},
		{"baseball", account.ErrPasswordCommon}, {"superman", account.ErrPasswordCommon},
		{strings.Repeat("x", 257), account.ErrPasswordLong}, {"\xff\xfe\xfd\xfc\xfb\xfa\xf9\xf8", account.ErrPasswordText},
	} {
		err := account.CheckPassword(tt.pw, "Ann")
		if !errors.Is(err, tt.want) || (tt.want == nil) != (err == nil) {
			t.Errorf("CheckPassword(%q) = %v, want %v", tt.pw, err, tt.want)
		}
	}
	if err := account.CheckPassword("AnnBerry", "annberry"); !errors.Is(err, account.ErrPasswordCommon) {
		t.Errorf("CheckPassword(the user name) = %v, want ErrPasswordCommon", err)
	}
}

// cheap are parameters that keep the tests fast.
var cheap = account.Params{Memory: 64, Time: 1, Threads: 1, KeyLen: 32}

func TestHash(t *testing.T) {
	h := account.Hash("correct horse", account.DefaultParams)
	if !strings.HasPrefix(h, "$argon2id$v=19$m=19456,t=2,p=1$") {
		t.Errorf("Hash = %q, want the PHC string of argon2id m=19456,t=2,p=1", h)
	}
	if !account.Verify("correct horse", h) {
		t.Error("Verify(the password) = false")
	}
	if account.Verify("correct horsf", h) {
		t.Error("Verify(another password) = true")
	}
	if h2 := account.Hash("correct horse", account.DefaultParams); h2 == h {
		t.Error("two hashes of one password are equal: no salt")
	}
	for _, bad := range []string{"", "$argon2i$v=19$m=64,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=18$m=64,t=1,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=64,t=0,p=1$c2FsdA$a2V5", "$argon2id$v=19$m=64,t=1,p=1$!!$a2V5"} {
		if account.Verify("x", bad) {
			t.Errorf("Verify(%q) = true", bad)
		}
	}
}

func TestToken(t *testing.T) {
	a, ha := account.NewToken()
	b, _ := account.NewToken()
	if len(a) != 43 || a == b {
		t.Errorf("NewToken = %q, %q: want 43 characters (256 bits), different", a, b)
	}
	if string(ha) != string(account.HashToken(a)) || len(ha) != 32 {
		t.Errorf("hash of the token = %x", ha)
	}
}

func newService(t *testing.T, now *time.Time) (*account.Service, store.Accounts) {
	s, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "norns.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return account.New(account.Config{Store: s, Params: cheap, Now: func() time.Time { return *now },
		PerAccount: ratelimit.New(1.0/60, 3), PerAddress: ratelimit.New(1.0/15, 6)}), s
}

func TestService(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	svc, _ := newService(t, &now)
	c := account.Client{Addr: "10.0.0.1", Agent: "test"}
	in, err := svc.SignUp(ctx, " Ann ", "correct horse", c)
	if err != nil {
		t.Fatal(err)
	}
	if in.Account.Name != "Ann" || in.Account.Key != "ann" || len(in.Token) != 43 || in.Session.CSRF == "" {
		t.Fatalf("SignUp = %+v", in)
	}
	for _, name := range []string{"ann", "AnN", "Аnn"} { // the last with a Cyrillic А
		if _, err := svc.SignUp(ctx, name, "correct horse", c); !errors.Is(err, account.ErrTaken) && !errors.Is(err, account.ErrName) {
			t.Errorf("SignUp(%q) = %v, want ErrTaken or ErrName", name, err)
		}
	}
	if _, err := svc.SignUp(ctx, "Bob", "password", c); !errors.Is(err, account.ErrPasswordCommon) {
		t.Errorf("SignUp(common password) = %v", err)
	}
	a, se, err := svc.Authenticate(ctx, in.Token)
	if err != nil || a.ID != in.Account.ID || se.ID != in.Session.ID {
		t.Fatalf("Authenticate = %+v, %+v, %v", a, se, err)
	}
	if _, _, err := svc.Authenticate(ctx, "nope"); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("Authenticate(nope) = %v", err)
	}
	c2 := account.Client{Addr: "10.0.0.2"}
	if _, err := svc.SignIn(ctx, "ANN", "correct horse", c2); err != nil {
		t.Fatalf("SignIn(ANN) = %v", err)
	}
	_, wrong := svc.SignIn(ctx, "ann", "wrong horse", c2)
	_, unknown := svc.SignIn(ctx, "nobody", "wrong horse", c2)
	if !errors.Is(wrong, account.ErrCredentials) || wrong != unknown {
		t.Errorf("wrong password: %v; unknown name: %v; want the same ErrCredentials", wrong, unknown)
	}
	// Ann has had 2 of her 3 tries: the third passes, the fourth waits a
	// minute.
	if _, err := svc.SignIn(ctx, "ann", "wrong", account.Client{Addr: "10.0.0.3"}); !errors.Is(err, account.ErrCredentials) {
		t.Errorf("third try = %v", err)
	}
	var th *account.ThrottledError
	if _, err := svc.SignIn(ctx, "ann", "correct horse", account.Client{Addr: "10.0.0.4"}); !errors.As(err, &th) || th.Wait != time.Minute {
		t.Errorf("fourth try = %v, want throttled for 1m", err)
	}
	now = now.Add(time.Minute)
	if _, err := svc.SignIn(ctx, "ann", "correct horse", account.Client{Addr: "10.0.0.4"}); err != nil {
		t.Errorf("a minute later = %v", err)
	}
	list, _ := svc.Sessions(ctx, a)
	if len(list) != 3 {
		t.Errorf("%d sessions, want 3", len(list))
	}
	now = now.Add(time.Hour)
	if err := svc.ChangePassword(ctx, a, se, "wrong", "new horse battery", c); !errors.Is(err, account.ErrCredentials) {
		t.Errorf("ChangePassword(wrong old) = %v", err)
	}
	now = now.Add(time.Hour)
	if err := svc.ChangePassword(ctx, a, se, "correct horse", "new horse battery", c); err != nil {
		t.Fatal(err)
	}
	if list, _ := svc.Sessions(ctx, a); len(list) != 1 || list[0].ID != se.ID {
		t.Errorf("sessions after ChangePassword = %+v, want this one", list)
	}
	a, _, _ = svc.Authenticate(ctx, in.Token)
	if _, err := svc.Delete(ctx, a, "correct horse", c); !errors.Is(err, account.ErrCredentials) {
		t.Errorf("Delete(old password) = %v", err)
	}
	if _, err := svc.Delete(ctx, a, "new horse battery", c); err != nil {
		t.Fatal(err)
	}
	if _, _, err := svc.Authenticate(ctx, in.Token); !errors.Is(err, account.ErrNoSession) {
		t.Errorf("Authenticate after Delete = %v", err)
	}
	now = now.Add(time.Hour)
	if _, err := svc.SignIn(ctx, "ann", "new horse battery", c); !errors.Is(err, account.ErrCredentials) {
		t.Errorf("SignIn after Delete = %v", err)
	}
}

// TestSignInPerAddress: one address is throttled whatever names it tries.
func TestSignInPerAddress(t *testing.T) {
	ctx := context.Background()
	now := time.Date(2026, 12, 3, 12, 0, 0, 0, time.UTC)
	svc, _ := newService(t, &now)
	c := account.Client{Addr: "10.0.0.9"}
	for i := range 6 {
		if _, err := svc.SignIn(ctx, "user"+string(rune('a'+i)), "whatever1", c); !errors.Is(err, account.ErrCredentials) {
			t.Fatalf("try %d = %v", i, err)
		}
	}
	var th *account.ThrottledError
	if _, err := svc.SignIn(ctx, "someone", "whatever1", c); !errors.As(err, &th) || th.Wait != 15*time.Second {
		t.Errorf("seventh try = %v, want throttled for 15s", err)
	}
}
