package docs_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/norns-games/norns/lab"
)

// TestStudyReports checks that every study under studies/ can be built
// again from what the repository keeps of it: norns lab report (lab.Report),
// given only lab.json and games.jsonl, writes the committed report.md byte
// for byte, and the summary.json and report.html that are not committed.
func TestStudyReports(t *testing.T) {
	var dirs []string
	err := filepath.WalkDir("studies", func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == lab.MetaFile {
			dirs = append(dirs, filepath.Dir(path))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) == 0 {
		t.Fatal("no study under studies/")
	}
	for _, dir := range dirs {
		t.Run(dir, func(t *testing.T) {
			tmp := t.TempDir()
			for _, f := range []string{lab.MetaFile, lab.GamesFile} {
				data, err := os.ReadFile(filepath.Join(dir, f))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(tmp, f), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := lab.Report(tmp); err != nil {
				t.Fatalf("lab.Report(%s) = %v", dir, err)
			}
			want, err := os.ReadFile(filepath.Join(dir, lab.ReportMD))
			if err != nil {
				t.Fatal(err)
			}
			got, err := os.ReadFile(filepath.Join(tmp, lab.ReportMD))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(want) {
				t.Errorf("%s/%s differs from the one norns lab report writes; run norns lab report %s", dir, lab.ReportMD, dir)
			}
			for _, f := range []string{lab.SummaryFile, lab.ReportHTML} {
				if fi, err := os.Stat(filepath.Join(tmp, f)); err != nil || fi.Size() == 0 {
					t.Errorf("norns lab report %s wrote no %s (%v)", dir, f, err)
				}
			}
		})
	}
}
