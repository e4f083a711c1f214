package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/norns-games/norns/i18n"
	"github.com/norns-games/norns/tui"
)

func loginCmd() *cobra.Command {
	var name, lang, sessionFile string
	var signup bool
	cmd := &cobra.Command{
		Use:   "login SERVER",
		Short: "Sign in to an account on a Norns server, for norns play --join",
		Long: `Sign in to your account on a Norns server (norns serve) and keep the
session in the session file, so that the games norns play --join takes
carry your account and your user name. The user name is asked for unless
--name gives it; the password is read from the terminal without showing
it (or as a line of standard input when it is not a terminal). --signup
creates the account first.`,
		Example: `  norns login https://norns.example --name Ann`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			l := i18n.Parse(lang)
			if lang == "" {
				l = i18n.FromEnv()
			}
			base, err := serverBase(args[0])
			if err != nil {
				return errors.New(i18n.T(l, "tui.cli.badserver", "url", args[0]))
			}
			if sessionFile == "" {
				if sessionFile, err = tui.DefaultSessionFile(); err != nil {
					return err
				}
			}
			in := bufio.NewReader(cmd.InOrStdin())
			if name == "" {
				fmt.Fprint(cmd.ErrOrStderr(), i18n.T(l, "tui.login.name"))
				if name, err = readLine(in); err != nil {
					return err
				}
			}
			fmt.Fprint(cmd.ErrOrStderr(), i18n.T(l, "tui.login.password"))
			password, err := readPassword(cmd.InOrStdin(), in)
			fmt.Fprintln(cmd.ErrOrStderr())
			if err != nil {
				return err
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			s, err := tui.Login(ctx, base, name, password, signup, l, nil)
			if err != nil {
				return errors.New(i18n.T(l, "tui.login.refused", "server", base, "error", tui.ErrorText(l, err)))
			}
			if err := tui.SaveSession(sessionFile, base, s); err != nil {
				return err
			}
			fmt.Fprintln(cmd.OutOrStdout(), i18n.T(l, "tui.login.done", "server", base, "name", s.Name, "file", sessionFile))
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&name, "name", "", "your user name (asked for when not given)")
	f.BoolVar(&signup, "signup", false, "create the account first")
	f.StringVar(&lang, "lang", "", "language of the messages: en or ru (default from LANG)")
	f.StringVar(&sessionFile, "session-file", "", "the file that keeps the sessions (default: norns/sessions.json in the user's config directory)")
	return cmd
}

// serverBase returns the base URL of a server address: http or https, a
// host, an optional path, nothing else.
func serverBase(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("not a server URL: %q", raw)
	}
	return u.Scheme + "://" + u.Host + strings.TrimRight(u.Path, "/"), nil
}

// readLine reads a line, without its end.
func readLine(in *bufio.Reader) (string, error) {
	s, err := in.ReadString('\n')
	if err != nil && !(errors.Is(err, io.EOF) && s != "") {
		return "", err
	}
	return strings.TrimRight(s, "\r\n"), nil
}

// readPassword reads a password from the terminal without echo, or a line
// of in when the input is not a terminal.
func readPassword(stdin io.Reader, in *bufio.Reader) (string, error) {
	if f, ok := stdin.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		b, err := term.ReadPassword(int(f.Fd()))
		return string(b), err
	}
	return readLine(in)
}
