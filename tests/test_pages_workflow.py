"""The GitHub Pages workflow (.github/workflows/pages.yml; README.md, "Phones"): every push to
main builds the site with `make site` on a fresh Ubuntu and publishes build/site/, so a fork is
on phones over HTTPS without a command."""

from pathlib import Path

import yaml

WORKFLOW = Path(__file__).parents[1] / ".github" / "workflows" / "pages.yml"


def _workflow() -> dict:
    return yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))


def _uses(steps: list[dict]) -> list[str]:
    return [step["uses"].split("@")[0] for step in steps if "uses" in step]


def test_every_push_to_main_builds_the_site_and_uploads_build_site():
    workflow = _workflow()
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert triggers["push"]["branches"] == ["main"]
    build = workflow["jobs"]["build"]
    assert build["runs-on"] == "ubuntu-latest"
    steps = build["steps"]
    assert _uses(steps) == ["actions/checkout", "actions/setup-python", "actions/setup-node",
                            "actions/configure-pages", "actions/upload-pages-artifact"]
    python = next(s for s in steps if s.get("uses", "").startswith("actions/setup-python"))
    assert tuple(map(int, python["with"]["python-version"].split("."))) >= (3, 11)
    runs = [s["run"] for s in steps if "run" in s]
    assert runs == ["make site"]
    upload = steps[-1]
    assert upload["with"]["path"] == "build/site"
    assert steps.index(upload) > next(i for i, s in enumerate(steps) if s.get("run"))


def test_the_site_is_deployed_with_the_rights_pages_needs_one_at_a_time():
    workflow = _workflow()
    assert workflow["permissions"] == {"contents": "read", "pages": "write",
                                       "id-token": "write"}
    assert workflow["concurrency"]["cancel-in-progress"] is False
    deploy = workflow["jobs"]["deploy"]
    assert deploy["needs"] == "build" and deploy["environment"]["name"] == "github-pages"
    assert _uses(deploy["steps"]) == ["actions/deploy-pages"]
