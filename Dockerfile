# The norns binary in a container image: a static, pure-Go build (the
# SQLite driver is pure Go, so CGO is off) on a distroless base that holds
# nothing else, running as a non-root user. The image serves games
# ("serve") and runs balance studies ("lab"): in a pod of a Kubernetes
# Indexed Job, "norns lab" reads its shard from JOB_COMPLETION_INDEX and
# NORNS_SHARDS (deploy/k8s/lab-job.yaml, docs/lab.md).
#
#   docker build -t norns .
#   docker run --rm norns lab --game luxumbra --agents easy --games 100 --out /tmp/study
#
# Only the "go mod download" layer uses the network (the Go module proxy,
# or GOPROXY given as a build argument); it is rebuilt only when go.mod or
# go.sum change. The build itself runs with GOPROXY=off and
# GOTOOLCHAIN=local: it compiles from the module cache and the build
# context alone, and fails rather than fetch anything.

ARG GO_IMAGE=golang:1.26
ARG BASE_IMAGE=gcr.io/distroless/static-debian12:nonroot

FROM --platform=$BUILDPLATFORM ${GO_IMAGE} AS build
ARG GOPROXY=https://proxy.golang.org,direct
ENV CGO_ENABLED=0 GOTOOLCHAIN=local GOFLAGS=-mod=readonly
WORKDIR /src
COPY go.mod go.sum ./
RUN GOPROXY=$GOPROXY go mod download && go mod verify
COPY . .
ARG TARGETOS
ARG TARGETARCH
RUN GOPROXY=off GOOS=$TARGETOS GOARCH=$TARGETARCH \
    go build -trimpath -buildvcs=false -ldflags='-s -w' -o /out/norns ./cmd/norns

FROM ${BASE_IMAGE}
COPY --from=build /out/norns /norns
USER 65532:65532
WORKDIR /home/nonroot
ENTRYPOINT ["/norns"]
CMD ["--help"]
