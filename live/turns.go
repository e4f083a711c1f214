package live

import "slices"

// turns holds items waiting, a queue for each owner (a client), and hands
// them out in turn: the first item of the next owner in the ring, so that
// one owner's many items cannot starve another's one. The zero value is
// empty; callers guard it.
type turns[T comparable] struct {
	queues map[string][]T
	ring   []string // the owners with items waiting, in the order served
}

// empty reports whether no item waits.
func (q *turns[T]) empty() bool { return len(q.ring) == 0 }

// push puts x at the end of owner's queue, and owner in the ring if it
// was not.
func (q *turns[T]) push(owner string, x T) {
	if q.queues == nil {
		q.queues = map[string][]T{}
	}
	if len(q.queues[owner]) == 0 {
		q.ring = append(q.ring, owner)
	}
	q.queues[owner] = append(q.queues[owner], x)
}

// pop takes the item whose turn it is; the owner goes to the ring's end
// if it has more. ok is false when no item waits.
func (q *turns[T]) pop() (x T, ok bool) {
	if q.empty() {
		return x, false
	}
	owner := q.ring[0]
	q.ring = q.ring[1:]
	qs := q.queues[owner]
	x = qs[0]
	if len(qs) > 1 {
		q.queues[owner] = qs[1:]
		q.ring = append(q.ring, owner)
	} else {
		delete(q.queues, owner)
	}
	return x, true
}

// remove takes x out of owner's queue, and owner out of the ring when
// nothing of its is left.
func (q *turns[T]) remove(owner string, x T) {
	qs := q.queues[owner]
	if i := slices.Index(qs, x); i >= 0 {
		qs = slices.Delete(qs, i, i+1)
	}
	if len(qs) > 0 {
		q.queues[owner] = qs
		return
	}
	delete(q.queues, owner)
	if i := slices.Index(q.ring, owner); i >= 0 {
		q.ring = slices.Delete(q.ring, i, i+1)
	}
}
