"""The reinforcement-learning loop in miniature: a Python agent plays an Orrery
PettingZoo environment against the engine's heuristic and reports its win rate.

The agent here learns nothing heavy: it keeps a running value per action id (a
bandit over the fixed action space) and prefers the ids that were in won games.
Replace `choose` and `learn` with your network.

    python examples/play_vs_heuristic.py --ruleset black-skies --games 20
"""

import argparse
from collections import defaultdict

import numpy as np
from orrery.agents import Agent
from orrery.pettingzoo import env


class BanditAgent:
    """Prefers action ids that showed up in won games (epsilon-greedy)."""

    def __init__(self, seed, epsilon=0.3):
        self.rng = np.random.default_rng(seed)
        self.value = defaultdict(float)
        self.epsilon = epsilon
        self.played = []

    def choose(self, observation):
        legal = np.flatnonzero(observation["action_mask"])
        if self.rng.random() < self.epsilon:
            action = int(legal[self.rng.integers(len(legal))])
        else:
            action = int(max(legal, key=lambda a: (self.value[int(a)], self.rng.random())))
        self.played.append(action)
        return action

    def learn(self, reward):
        for a in self.played:
            self.value[a] += 0.1 * (reward - self.value[a])
        self.played = []


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ruleset", default="black-skies")
    p.add_argument("--scenario", default=None)
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()

    e = env(a.ruleset, a.scenario)
    me = BanditAgent(a.seed)
    wins = draws = 0
    for game in range(a.games):
        e.reset(seed=a.seed + game)
        # Alternate seats, so the learner plays both sides.
        mine = e.possible_agents[game % len(e.possible_agents)]
        heuristic = Agent("heuristic", seed=a.seed + game)
        for agent in e.agent_iter():
            obs, reward, term, trunc, info = e.last()
            if term or trunc:
                if agent == mine:
                    me.learn(reward)
                    wins += reward > 0
                    draws += reward == 0
                e.step(None)
            elif agent == mine:
                e.step(me.choose(obs))
            else:
                e.step(heuristic(e, agent))
    losses = a.games - wins - draws
    print(f"{a.ruleset}: the Python agent won {wins}, drew {draws}, lost {losses} "
          f"of {a.games} games against the heuristic ({100 * wins / a.games:.0f}% won)")


if __name__ == "__main__":
    main()
