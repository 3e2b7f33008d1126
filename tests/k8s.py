#!/usr/bin/env python3
"""k8s.py -- the manifests of deploy/k8s/, checked offline: run by .ci/run (it installs an
npm package), not by make check.

1. Every document of every deploy/k8s/*.yaml is validated against the Kubernetes API
   schemas by the npm package kubernetes-models (installed into a temporary directory;
   its classes validate a manifest with the API's OpenAPI schemas, offline). The
   validator is first shown a broken Deployment, which it must refuse.
2. The manifests fit together and fit the daemon and the image: the Deployment's selector
   matches its pods, the Service, the PodDisruptionBudget and the HorizontalPodAutoscaler
   point at them; the probes' port is the container port the Service targets and the
   Dockerfile exposes; the pod runs as the Dockerfile's UID, non-root, read-only, without
   capabilities, with an emptyDir where bulk bodies are spooled; requests and limits are
   set; the grace period covers the drain delay and fend's drain timeout.
3. A real fend started with the Deployment's environment (the port set to 0) answers 200
   on the readiness and liveness probes' paths; after SIGTERM the readiness path answers
   503 during the drain delay while the liveness path still answers 200.

Environment: FEND_BUILD_DIR (where fend is built), FEND_SOURCE_DIR; FEND_K8S_MODELS (the
npm package spec, default kubernetes-models@5.1.0).
Exit status: 0 all passed, 1 some check failed, 99 the test itself could not run.
"""
import glob
import http.client
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from contract import Daemon, Failure  # noqa: E402

SOURCE_DIR = os.environ.get("FEND_SOURCE_DIR") or os.path.dirname(HERE)
BUILD_DIR = os.environ.get("FEND_BUILD_DIR") or os.getcwd()
FEND = os.path.join(BUILD_DIR, "fend")
MODELS = os.environ.get("FEND_K8S_MODELS", "kubernetes-models@5.1.0")

failures = []

# Validates the documents given as JSON on stdin, each with the class kubernetes-models
# has for its apiVersion and kind; prints one JSON result per document.
VALIDATE_MJS = r"""
import { readFileSync } from "node:fs";
const docs = JSON.parse(readFileSync(0, "utf8"));
const results = [];
for (const { file, doc } of docs) {
  const [group, version] = doc.apiVersion.includes("/") ? doc.apiVersion.split("/") : [null, doc.apiVersion];
  const spec = group ? `kubernetes-models/${group}/${version}` : `kubernetes-models/${version}`;
  let mod;
  try { mod = await import(spec); } catch (e) {
    results.push({ file, kind: doc.kind, ok: false, error: `no models for ${doc.apiVersion}: ${e.message}` });
    continue;
  }
  const Model = mod[doc.kind];
  if (!Model) { results.push({ file, kind: doc.kind, ok: false, error: `no kind ${doc.kind} in ${doc.apiVersion}` }); continue; }
  try {
    new Model(doc).validate();
    results.push({ file, kind: doc.kind, ok: true });
  } catch (e) {
    results.push({ file, kind: doc.kind, ok: false, error: e.message });
  }
}
console.log(JSON.stringify(results));
"""


def check(condition, message):
    if not condition:
        failures.append(message)
    return condition


def load_manifests():
    docs = []
    for path in sorted(glob.glob(os.path.join(SOURCE_DIR, "deploy", "k8s", "*.yaml"))):
        with open(path, encoding="utf-8") as f:
            for doc in yaml.safe_load_all(f):
                if doc is not None:
                    docs.append((os.path.relpath(path, SOURCE_DIR), doc))
    return docs


def validate_with_models(docs, work):
    """Runs VALIDATE_MJS in work (where kubernetes-models is installed)."""
    script = os.path.join(work, "validate.mjs")
    with open(script, "w", encoding="utf-8") as f:
        f.write(VALIDATE_MJS)
    p = subprocess.run(["node", script], input=json.dumps([{"file": n, "doc": d} for n, d in docs]).encode(),
                       capture_output=True, cwd=work, timeout=120)
    if p.returncode != 0:
        raise Failure(f"the validator failed: {p.stderr.decode(errors='replace')[-1500:]}")
    return json.loads(p.stdout)


def schema_checks(docs):
    work = tempfile.mkdtemp(prefix="fend-k8s-")
    p = subprocess.run(["npm", "install", "--no-save", "--no-audit", "--no-fund", "--loglevel=error", MODELS],
                       cwd=work, capture_output=True, timeout=600)
    if p.returncode != 0:
        raise Failure(f"npm install {MODELS} failed: {p.stderr.decode(errors='replace')[-1500:]}")
    # The validator must refuse what the API refuses, or it proves nothing.
    deployment = next(d for _, d in docs if d["kind"] == "Deployment")
    broken = json.loads(json.dumps(deployment))
    broken["spec"]["template"]["spec"]["containers"][0]["ports"][0]["containerPort"] = "8080"
    no_selector = json.loads(json.dumps(deployment))
    del no_selector["spec"]["selector"]
    bad = validate_with_models([("broken port", broken), ("no selector", no_selector)], work)
    for r in bad:
        check(not r["ok"], f"kubernetes-models accepted a Deployment with {r['file']}")
    for r in validate_with_models(docs, work):
        if check(r["ok"], f"{r['file']}: {r['kind']} does not validate: {r.get('error')}"):
            print(f"k8s: {r['file']}: {r['kind']} valid against the Kubernetes schemas ({MODELS})")
    subprocess.run(["rm", "-rf", work], check=False)


def dockerfile_facts():
    with open(os.path.join(SOURCE_DIR, "Dockerfile"), encoding="utf-8") as f:
        text = f.read()
    runtime = text[text.rindex("\nFROM "):]  # the last stage is the image
    expose = re.findall(r"^EXPOSE (\d+)", runtime, re.M)
    port = re.search(r"FEND_PORT=(\d+)", runtime)
    user = re.search(r"^USER (\d+):(\d+)", runtime, re.M)
    if not (expose and port and user):
        raise Failure("the Dockerfile's runtime stage has no EXPOSE, FEND_PORT or USER UID:GID")
    return int(expose[0]), int(port.group(1)), int(user.group(1)), int(user.group(2))


def consistency_checks(docs):
    by_kind = {}
    for name, d in docs:
        by_kind.setdefault(d["kind"], []).append(d)
    for kind in ("Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget"):
        check(len(by_kind.get(kind, [])) == 1, f"deploy/k8s has {len(by_kind.get(kind, []))} {kind}, not 1")
    dep, svc = by_kind["Deployment"][0], by_kind["Service"][0]
    hpa, pdb = by_kind["HorizontalPodAutoscaler"][0], by_kind["PodDisruptionBudget"][0]
    spec, pod = dep["spec"], dep["spec"]["template"]["spec"]
    labels = dep["spec"]["template"]["metadata"]["labels"]

    def selects(selector):
        return all(labels.get(k) == v for k, v in selector.items())

    check(spec.get("replicas") == 2, f"the Deployment has {spec.get('replicas')} replicas, not 2")
    check(selects(spec["selector"]["matchLabels"]), "the Deployment's selector does not match its pods")
    check(selects(svc["spec"]["selector"]), "the Service does not select the Deployment's pods")
    check(selects(pdb["spec"]["selector"]["matchLabels"]), "the PodDisruptionBudget does not select the pods")
    ref = hpa["spec"]["scaleTargetRef"]
    check((ref["kind"], ref["name"]) == ("Deployment", dep["metadata"]["name"]),
          "the HorizontalPodAutoscaler does not scale the Deployment")
    check(any(m["type"] == "Resource" and m["resource"]["name"] == "cpu" for m in hpa["spec"]["metrics"]),
          "the HorizontalPodAutoscaler does not scale on CPU")
    check(hpa["spec"]["minReplicas"] >= 2, "the HorizontalPodAutoscaler may scale below 2 replicas")

    containers = pod["containers"]
    check(len(containers) == 1, "the pod has more than one container")
    c = containers[0]
    env = {e["name"]: e["value"] for e in c.get("env", [])}
    expose, image_port, uid, gid = dockerfile_facts()
    ports = {p.get("name"): p["containerPort"] for p in c["ports"]}
    daemon_port = int(env.get("FEND_PORT", image_port))
    check(daemon_port == image_port == expose, f"fend's port in the pod ({daemon_port}) differs from the "
                                               f"image's FEND_PORT {image_port} or EXPOSE {expose}")
    check(list(ports.values()) == [daemon_port], f"the container ports {ports} are not fend's port {daemon_port}")
    target = svc["spec"]["ports"][0]["targetPort"]
    check(ports.get(target) == daemon_port or target == daemon_port,
          f"the Service's targetPort {target!r} is not the container's port")
    probes = {}
    for probe in ("readinessProbe", "livenessProbe"):
        get = c.get(probe, {}).get("httpGet")
        if not check(get is not None, f"the container has no {probe} httpGet"):
            continue
        port = ports.get(get["port"], get["port"])
        check(port == daemon_port, f"the {probe}'s port {get['port']!r} is not fend's port {daemon_port}")
        probes[probe] = get["path"]
    check(probes.get("readinessProbe") == "/ready", f"the readiness probe asks {probes.get('readinessProbe')}")
    check(probes.get("livenessProbe") == "/health", f"the liveness probe asks {probes.get('livenessProbe')}")

    psc, csc = pod.get("securityContext", {}), c.get("securityContext", {})
    check(psc.get("runAsNonRoot") is True or csc.get("runAsNonRoot") is True, "runAsNonRoot is not set")
    check(psc.get("runAsUser", csc.get("runAsUser")) == uid, f"the pod's UID is not the image's {uid}")
    check(psc.get("runAsGroup", csc.get("runAsGroup")) == gid, f"the pod's GID is not the image's {gid}")
    check(csc.get("readOnlyRootFilesystem") is True, "readOnlyRootFilesystem is not set")
    check(csc.get("allowPrivilegeEscalation") is False, "allowPrivilegeEscalation is not false")
    check(csc.get("capabilities", {}).get("drop") == ["ALL"], "capabilities are not all dropped")
    res = c.get("resources", {})
    for part in ("requests", "limits"):
        for what in ("cpu", "memory"):
            check(what in res.get(part, {}), f"no {what} in the container's resources.{part}")
    spool = env.get("FEND_SPOOL_DIR", "/tmp")
    mounts = {m["mountPath"]: m["name"] for m in c.get("volumeMounts", [])}
    volumes = {v["name"]: v for v in pod.get("volumes", [])}
    check(spool in mounts and "emptyDir" in volumes.get(mounts[spool], {}),
          f"the root filesystem is read-only and no emptyDir is mounted on the spool directory {spool}")
    drain = int(env.get("FEND_DRAIN_DELAY", "0"))
    check(drain > 0 or "preStop" in c.get("lifecycle", {}), "neither a drain delay nor a preStop hook")
    timeout = int(env.get("FEND_TIMEOUT", "15"))
    grace = pod.get("terminationGracePeriodSeconds", 30)
    check(grace > drain + timeout, f"terminationGracePeriodSeconds {grace} does not cover the drain delay "
                                   f"{drain} s + fend's timeout {timeout} s")
    return env, probes


def daemon_checks(env, probes):
    """fend with the pod's environment (on a free port) answers the probes' paths."""
    settings = {k: v for k, v in env.items() if k.startswith("FEND_") and k not in ("FEND_PORT", "FEND_LISTEN")}
    d = Daemon(FEND, "--log", "off", env=settings)
    d.start()
    try:
        for probe, path in probes.items():
            conn = http.client.HTTPConnection("127.0.0.1", d.port, timeout=10)
            conn.request("GET", path)
            status = conn.getresponse().status
            conn.close()
            check(status == 200, f"fend answers the {probe} path {path} with {status}, not 200")
        drain = int(settings.get("FEND_DRAIN_DELAY", "0"))
        if drain:
            d.proc.send_signal(signal.SIGTERM)
            time.sleep(min(0.5, drain / 4))
            for probe, want in (("readinessProbe", 503), ("livenessProbe", 200)):
                conn = http.client.HTTPConnection("127.0.0.1", d.port, timeout=10)
                conn.request("GET", probes[probe])
                status = conn.getresponse().status
                conn.close()
                check(status == want, f"during the drain delay the {probe} path answers {status}, not {want}")
            status = d.proc.wait(timeout=drain + 20)
            check(status == 0, f"fend exited {status} after SIGTERM and its drain delay")
        print(f"k8s: a fend with the pod's environment {settings} answers the probes {probes}")
    finally:
        d.kill()


def main():
    if not os.access(FEND, os.X_OK):
        print(f"k8s: no fend at {FEND} (set FEND_BUILD_DIR)")
        return 99
    try:
        docs = load_manifests()
        if not docs:
            raise Failure("no manifests in deploy/k8s")
        env, probes = consistency_checks(docs)
        daemon_checks(env, probes)
        schema_checks(docs)
    except (Failure, OSError, KeyError, subprocess.TimeoutExpired, StopIteration) as exc:
        failures.append(f"{type(exc).__name__}: {exc}")
    for f in failures:
        print("k8s: FAIL: " + f)
    print(f"k8s: {'FAILED' if failures else 'all manifests valid and consistent with fend'}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
