import type { JsonValue } from '../catalog/index.js';
import { reportError } from '../errors/index.js';
import type { PlanCalibration } from '../planner/index.js';
import type { UsageReport } from '../session/index.js';
import { setAside } from '../shared-documents/index.js';
import type { DocumentStore } from '../store/index.js';
import {
  CALIBRATION_DOCUMENT,
  type CalibrationTable,
  calibrationFromJson,
  calibrationKey,
  calibrationOf,
  calibrationToJson,
  EMPTY_STATS,
  learnRatio,
} from './calibration.js';
import { CALIBRATION_DOCUMENT_SHAPE } from './calibration-shape.js';

/**
 * The engine's learned token calibration for its model and encoding, kept in the store's `calibration` document so
 * it survives reloads. Loaded on first use; learning happens after a commit, off the commit's path. A host that
 * shares the store across tabs sees another tab's learning after a reload.
 */
export class Calibrator {
  readonly #store: DocumentStore;
  #model: string;
  #key: string;
  #table: CalibrationTable | null = null;
  #loading: Promise<CalibrationTable> | null = null;
  #writing: Promise<unknown> = Promise.resolve();
  /** A stored document that was not of its shape, not yet set aside. */
  #malformed: { readonly value: JsonValue; readonly problem: string } | null = null;

  constructor(store: DocumentStore, model: string, encoding: string) {
    this.#store = store;
    this.#model = model;
    this.#key = calibrationKey(model, encoding);
  }

  /** Another model and encoding from now on; the stored table holds every model's learning, so nothing is read again. */
  useModel(model: string, encoding: string): void {
    this.#model = model;
    this.#key = calibrationKey(model, encoding);
  }

  #load(): Promise<CalibrationTable> {
    this.#loading ??= this.#store.getDocument(CALIBRATION_DOCUMENT).then((stored) => {
      // Checked: a malformed document plans as no calibration, and is set aside whole before it is first written over
      // (see #write), so reading alone moves nothing and nothing is lost.
      const problem = stored === undefined ? null : CALIBRATION_DOCUMENT_SHAPE.problem(stored);
      if (problem !== null) this.#malformed = { value: stored as JsonValue, problem };
      this.#table ??= calibrationFromJson(stored);
      return this.#table;
    });
    // The table as learned since, not as first read.
    return this.#loading.then(() => this.#table as CalibrationTable);
  }

  /** Reads the stored calibration; the engine awaits it once, when it is created. */
  async load(): Promise<void> {
    await this.#load();
  }

  /**
   * What the planner gets, as learned so far: absent until a usage report with an actual count was learned from.
   * Synchronous, so planning stays so; a turn's learning lands when its write is done.
   */
  forPlan(): PlanCalibration | undefined {
    const stats = this.#table?.[this.#key];
    return stats && stats.samples > 0 ? calibrationOf(stats, this.#model) : undefined;
  }

  /** The calibration as learned so far (factor 1 with the prior spread before any report), after pending writes. */
  async current(): Promise<PlanCalibration> {
    await this.#writing;
    const table = await this.#load();
    return calibrationOf(table[this.#key] ?? EMPTY_STATS, this.#model);
  }

  /** Forgets what this model's reports taught (other models keep theirs), in the store too. */
  async reset(): Promise<void> {
    const run = this.#writing.then(async () => {
      const table = { ...(await this.#load()) };
      delete (table as Record<string, unknown>)[this.#key];
      this.#table = table;
      await this.#write(table);
    });
    this.#writing = run.catch(() => undefined);
    await run;
  }

  async #write(table: CalibrationTable): Promise<void> {
    const malformed = this.#malformed;
    if (malformed) {
      // Kept under its own key and reported, then written over.
      await setAside(this.#store, CALIBRATION_DOCUMENT_SHAPE, malformed.value, malformed.problem);
      this.#malformed = null;
    }
    await this.#store.putDocument(CALIBRATION_DOCUMENT, calibrationToJson(table));
  }

  /** Learns from a turn's usage reports and stores the result; a failed write is reported, never thrown. */
  learn(reports: readonly UsageReport[]): void {
    // The model the reports are about, even if the engine switches before they are learned.
    const key = this.#key;
    const run = this.#writing.then(async () => {
      const table = await this.#load();
      const before = table[key] ?? EMPTY_STATS;
      let stats = before;
      for (const report of reports) {
        stats = learnRatio(stats, report.estimatedInputTokens, report.actualInputTokens);
      }
      if (stats === before) return;
      const next = { ...table, [key]: stats };
      this.#table = next;
      await this.#write(next);
    });
    this.#writing = run.catch(reportError);
  }
}
