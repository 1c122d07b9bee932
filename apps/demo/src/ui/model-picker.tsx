import { useEngine, useSetModel } from '@ctxkit/react';
import { useState } from 'react';
import { RESERVED_OUTPUT } from '../engine/index.js';
import { type DemoSettings, modelChoices } from '../settings/index.js';
import { ErrorNotice } from './error-notice.js';

/**
 * The model requests are for: switching it switches the engine's counting (the model's tokenizer, chat template
 * and window, `engine.setModel`), which the budget meter shows under it. Until the model's tokenizer has loaded the
 * picker waits and the previous model counts; a model that cannot load is reported and the previous one stays.
 */
export function ModelPicker({ settings }: { readonly settings: DemoSettings }) {
  const engine = useEngine();
  const choices = modelChoices(settings);
  const setModel = useSetModel();
  const [model, setChosen] = useState(engine.model);
  const choose = (next: string) => {
    const choice = choices.find((candidate) => candidate.model === next);
    if (!choice) return;
    const previous = model;
    setChosen(next);
    setModel.mutate(
      { model: choice.model, contextWindow: choice.contextWindow, reservedOutput: RESERVED_OUTPUT },
      { onError: () => setChosen(previous) },
    );
  };
  return (
    <div className="model-picker">
      <label htmlFor="model-picker">Chat model</label>
      <select
        id="model-picker"
        className="model-picker__select"
        value={model}
        aria-busy={setModel.isPending}
        disabled={setModel.isPending}
        onChange={(event) => choose(event.target.value)}
      >
        {choices.map((choice) => (
          <option key={choice.model} value={choice.model}>
            {choice.label}
          </option>
        ))}
      </select>
      {setModel.error && <ErrorNotice error={setModel.error} />}
    </div>
  );
}
