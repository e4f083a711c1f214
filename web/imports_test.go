package web

import (
	"io/fs"
	"os"
	"path"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
)

// importFrom matches an import or re-export of a module, on one line or
// several: `import { a, b } from "./x";`, `import type { T } from "./y";`,
// `export { c } from "./z";`, `import "./side";`. Comments are removed
// first (stripComments).
var importFrom = regexp.MustCompile(`(?m)^\s*(?:import|export)\b(?:[^;"']*?\bfrom)?\s*["']([^"']+)["']`)

// comment matches a block or line comment outside strings, roughly: the
// sources hold no "//" or "/*" inside an import's string.
var comment = regexp.MustCompile(`(?s)/\*.*?\*/|(?m)^\s*//[^\n]*$`)

// stripComments removes the comments that could hide or fake an import.
func stripComments(src string) string {
	return comment.ReplaceAllString(src, "")
}

// importGraph reads every .ts file of fsys under dir and returns, for each
// (its path under fsys, without ".ts"), the modules of fsys it imports, by
// relative path. Imports of packages (not starting with ".") are left out.
func importGraph(fsys fs.FS, dir string) (map[string][]string, error) {
	graph := map[string][]string{}
	err := fs.WalkDir(fsys, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".ts") {
			return err
		}
		src, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		mod := strings.TrimSuffix(p, ".ts")
		graph[mod] = []string{}
		for _, m := range importFrom.FindAllStringSubmatch(stripComments(string(src)), -1) {
			if !strings.HasPrefix(m[1], ".") {
				continue
			}
			dep := strings.TrimSuffix(path.Join(path.Dir(p), m[1]), ".ts")
			graph[mod] = append(graph[mod], dep)
		}
		return nil
	})
	return graph, err
}

// importCycles returns the cycles of graph, each as the modules along it
// with the first repeated at the end, each found once (from its smallest
// module), sorted.
func importCycles(graph map[string][]string) [][]string {
	var cycles [][]string
	seen := map[string]bool{}
	mods := make([]string, 0, len(graph))
	for m := range graph {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	// From each start, a depth-first search for paths back to it through
	// modules greater than it: every cycle once, from its least module.
	for _, start := range mods {
		var stack []string
		onStack := map[string]bool{}
		var visit func(m string)
		visit = func(m string) {
			stack = append(stack, m)
			onStack[m] = true
			for _, d := range graph[m] {
				switch {
				case d == start:
					c := append(append([]string{}, stack...), start)
					if key := strings.Join(c, " "); !seen[key] {
						seen[key] = true
						cycles = append(cycles, c)
					}
				case d > start && !onStack[d]:
					visit(d)
				}
			}
			stack = stack[:len(stack)-1]
			onStack[m] = false
		}
		visit(start)
	}
	sort.Slice(cycles, func(i, j int) bool {
		return strings.Join(cycles[i], " ") < strings.Join(cycles[j], " ")
	})
	return cycles
}

// TestNoImportCycles fails when a module of src/ imports, directly or
// through others, itself.
func TestNoImportCycles(t *testing.T) {
	graph, err := importGraph(os.DirFS("."), "src")
	if err != nil {
		t.Fatal(err)
	}
	if len(graph["src/main"]) == 0 || len(graph["src/pages/game"]) == 0 {
		t.Fatalf("the import graph of src/ misses main.ts's or pages/game.ts's imports: %v", graph)
	}
	for _, c := range importCycles(graph) {
		t.Errorf("import cycle: %s", strings.Join(c, " → "))
	}
}

// TestImportCycles checks the check: the imports it reads and the cycles
// it finds.
func TestImportCycles(t *testing.T) {
	fsys := fstest.MapFS{
		"src/a.ts":       {Data: []byte("import { b } from \"./b\";\nimport type { T } from './t';\nimport { x } from \"pkg\";\n")},
		"src/b.ts":       {Data: []byte("import {\n  c,\n  d,\n} from \"./sub/c\";\n// import { a } from \"./a\";\n/* import { a } from \"./a\"; */\n")},
		"src/sub/c.ts":   {Data: []byte("export { a } from \"../a\";\n")},
		"src/t.ts":       {Data: []byte("import \"./t\";\n")},
		"src/u.ts":       {Data: []byte("const s = \"import { a } from './a'\";\n")},
		"src/other.txt":  {Data: []byte("import { a } from \"./a\";\n")},
		"src/sub/d.ts":   {Data: []byte("")},
		"src/sub/e.d.ts": {Data: []byte("import { d } from \"./d.ts\";\n")},
	}
	graph, err := importGraph(fsys, "src")
	if err != nil {
		t.Fatal(err)
	}
	wantGraph := map[string][]string{
		"src/a":       {"src/b", "src/t"},
		"src/b":       {"src/sub/c"},
		"src/sub/c":   {"src/a"},
		"src/t":       {"src/t"},
		"src/u":       {},
		"src/sub/d":   {},
		"src/sub/e.d": {"src/sub/d"},
	}
	if !reflect.DeepEqual(graph, wantGraph) {
		t.Errorf("importGraph = %v, want %v", graph, wantGraph)
	}
	got := importCycles(graph)
	want := [][]string{{"src/a", "src/b", "src/sub/c", "src/a"}, {"src/t", "src/t"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("importCycles = %v, want %v", got, want)
	}
	if got := importCycles(map[string][]string{"x": {"y"}, "y": {"z"}, "z": {}}); len(got) != 0 {
		t.Errorf("importCycles of a chain = %v, want none", got)
	}
}
