package game

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Options maps option names to values, as text.
type Options map[string]string

// Count is the entry of Option.Values that allows any whole number from 1 up.
const Count = "<n>"

// Option describes one game option.
type Option struct {
	Name    string
	Default string
	// Values lists the allowed values; the entry Count stands for any whole
	// number from 1 up.
	Values []string
	Help   string
}

// Allows reports whether v is an allowed value.
func (o Option) Allows(v string) bool {
	if slices.Contains(o.Values, v) {
		return true
	}
	if slices.Contains(o.Values, Count) {
		n, err := strconv.Atoi(v)
		return err == nil && n >= 1 && strconv.Itoa(n) == v
	}
	return false
}

// Resolve checks opts against the option list and returns a complete copy
// with every option present (defaults filled in). An unknown option or a
// value not allowed is an error wrapping ErrOption.
func Resolve(specs []Option, opts Options) (Options, error) {
	out := make(Options, len(specs))
	for _, s := range specs {
		out[s.Name] = s.Default
	}
	// Report errors in a stable order.
	keys := make([]string, 0, len(opts))
	for k := range opts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := opts[k]
		i := slices.IndexFunc(specs, func(s Option) bool { return s.Name == k })
		if i < 0 {
			names := make([]string, len(specs))
			for j, s := range specs {
				names[j] = s.Name
			}
			if len(names) == 0 {
				return nil, fmt.Errorf("%w: unknown option %q (this game has none)", ErrOption, k)
			}
			return nil, fmt.Errorf("%w: unknown option %q (options: %s)", ErrOption, k, strings.Join(names, ", "))
		}
		if !specs[i].Allows(v) {
			return nil, fmt.Errorf("%w: option %s: value %q not allowed (allowed: %s)", ErrOption, k, v, describeValues(specs[i].Values))
		}
		out[k] = v
	}
	return out, nil
}

func describeValues(vs []string) string {
	out := make([]string, len(vs))
	for i, v := range vs {
		if v == Count {
			v = "a whole number from 1 up"
		}
		out[i] = v
	}
	return strings.Join(out, ", ")
}

// ParseOptions reads "name=value" words into Options. A word without "=" or a
// repeated name is an error wrapping ErrOption.
func ParseOptions(words []string) (Options, error) {
	out := Options{}
	for _, w := range words {
		k, v, ok := strings.Cut(w, "=")
		if !ok || k == "" {
			return nil, fmt.Errorf("%w: %q is not name=value", ErrOption, w)
		}
		if _, dup := out[k]; dup {
			return nil, fmt.Errorf("%w: option %s given twice", ErrOption, k)
		}
		out[k] = v
	}
	return out, nil
}

// Int reads a Count option's value; "off" (or any non-number) gives 0.
func (o Options) Int(name string) int {
	n, err := strconv.Atoi(o[name])
	if err != nil {
		return 0
	}
	return n
}

// String writes the options as sorted "name=value" words.
func (o Options) String() string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	words := make([]string, len(keys))
	for i, k := range keys {
		words[i] = k + "=" + o[k]
	}
	return strings.Join(words, " ")
}
