// Package bundle builds the web app's committed file in web/dist: the
// TypeScript sources bundled into one script by esbuild (used as a Go
// library, so no Node is needed). The page, the style sheet, the icons
// (web/static) and the rules pages (web/rules) are embedded where they
// are.
//
// The generator (go generate ./web) writes Files; the web package's tests
// compare them with what is committed, so a source changed without
// regenerating fails the tests.
package bundle

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// Files returns every file of web/dist (app.js), keyed by its path under dist,
// built from the web directory web (the directory of package web).
func Files(web string) (map[string][]byte, error) {
	web, err := filepath.Abs(web)
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	res := api.Build(api.BuildOptions{
		EntryPoints:       []string{filepath.Join(web, "src", "main.ts")},
		Bundle:            true,
		Write:             false,
		Outfile:           "app.js",
		Format:            api.FormatIIFE,
		Target:            api.ES2020,
		MinifyWhitespace:  true,
		MinifySyntax:      true,
		MinifyIdentifiers: true,
		Charset:           api.CharsetUTF8,
		LegalComments:     api.LegalCommentsNone,
		AbsWorkingDir:     web,
	})
	if len(res.Errors) > 0 {
		var b strings.Builder
		for _, m := range res.Errors {
			if m.Location != nil {
				fmt.Fprintf(&b, "%s:%d:%d: ", m.Location.File, m.Location.Line, m.Location.Column)
			}
			b.WriteString(m.Text)
			b.WriteByte('\n')
		}
		return nil, fmt.Errorf("bundle: esbuild:\n%s", b.String())
	}
	for _, f := range res.OutputFiles {
		out[filepath.Base(f.Path)] = f.Contents
	}
	return out, nil
}

// Write replaces web/dist with Files.
func Write(web string) error {
	files, err := Files(web)
	if err != nil {
		return err
	}
	dist := filepath.Join(web, "dist")
	if err := os.RemoveAll(dist); err != nil {
		return err
	}
	for name, b := range files {
		p := filepath.Join(dist, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, b, 0o644); err != nil {
			return err
		}
	}
	return nil
}
